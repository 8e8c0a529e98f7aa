import { IDEMPOTENT_OPERATIONS } from './generated/idempotent-operations';

/** The header that makes a write safe to retry (`openapi.yaml`, parameter `IdempotencyKey`). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A call, as `METHOD /path` with the path as the contract spells it, that declares the header. */
export type IdempotentOperation = (typeof IDEMPOTENT_OPERATIONS)[number];

const declared: ReadonlySet<string> = new Set(IDEMPOTENT_OPERATIONS);

/** Whether the contract's operation at `method` and `schemaPath` takes an `Idempotency-Key`. */
export function takesIdempotencyKey(method: string, schemaPath: string): boolean {
  return declared.has(`${method.toUpperCase()} ${schemaPath}`);
}

/**
 * A fresh key: a random UUID (`crypto.randomUUID`, or built from `crypto.getRandomValues` where
 * `randomUUID` is missing, as on pages served over plain HTTP).
 */
export function newIdempotencyKey(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
