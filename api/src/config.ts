import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import os, { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The `api/` folder. This module sits one folder below it both as `src/config.ts` and compiled into
 * `dist/` (api/tsup.config.ts), so the same expression holds for both.
 */
export const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Repository root (the folder that holds openapi.yaml). */
export const repoRoot = path.resolve(apiRoot, '..');

/** Everything the API reads from its environment, parsed once at start. */
export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  /** PostgreSQL server to use; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** Role the API's connections switch to after migrating (DATABASE_ROLE; row-level security). */
  databaseRole: string | undefined;
  dataDir: string;
  /** Path of the contract every request is validated against. */
  openapiPath: string;
  /** Built host-app served by the API in production (`null`: serve nothing but /api). */
  staticDir: string | null;
  jwt: { secret: string; issuer: string; audience: string; accessTtlSec: number };
  refreshTtlDays: number;
  /** Origins allowed by CORS; empty means same-origin only (no CORS headers). */
  corsOrigins: string[];
  /** CSP `frame-ancestors` sources for portals that embed the app; `'none'` by default. */
  frameAncestors: string;
  /** Folder where uploads are streamed while a request arrives (removed after the response). */
  uploadDir: string;
  /** Largest JSON body accepted (bytes). */
  maxJsonBytes: number;
  /**
   * Sign-in throttling: failed sign-ins allowed per account from one client address
   * (`maxFailures`) and per account from all addresses together (`maxFailuresPerAccount`) within
   * the window, before that pair (or the account) is locked for `lockMinutes`.
   */
  login: { maxFailures: number; maxFailuresPerAccount: number; windowMinutes: number; lockMinutes: number };
  /** Which proxies in front of the server may tell the client's address in `X-Forwarded-For`. */
  trustProxy: TrustProxy;
  /**
   * Password hashing (argon2) at most `concurrency` at a time, with at most `queue` waiting; beyond
   * that a request answers 503 (SERVER_BUSY) with Retry-After.
   */
  passwordHashing: { concurrency: number; queue: number };
  /**
   * Public base URL of the links sent by email (no trailing slash): PUBLIC_URL, else the address the
   * server listens on. Never taken from a request. Required in production on a real database.
   */
  publicUrl: string;
  /**
   * HMAC key of signed attachment download links: ATTACHMENT_URL_SECRET, else derived from the JWT
   * secret (a separate key per purpose, so one kind of signature can never stand in for the other).
   */
  attachmentUrlSecret: string;
  /** Outgoing mail: SMTP transport (`null`: keep mail in the outbox and log it) and sender. */
  mail: MailConfig;
  /**
   * Access tokens of the portal's own OpenID Connect issuer, accepted beside the API's own
   * (`OIDC_ISSUER` and the rest; `null` when not configured). See `http/external-identity.ts`.
   */
  externalIdentity: ExternalIdentityConfig | null;
  /** Outgoing webhooks (features/webhooks): the dispatcher's pace and the URL policy. */
  webhooks: WebhookConfig;
}

/** The webhook dispatcher and the URLs endpoints may name (docs/decisions.md "Webhooks"). */
export interface WebhookConfig {
  /**
   * WEBHOOK_ALLOW_PRIVATE_URLS=true: endpoints may use plain http and loopback or private addresses
   * (development and tests, with a receiver on this machine). Off by default, in every environment.
   */
  allowPrivateUrls: boolean;
  /** How often the dispatcher looks for due deliveries (WEBHOOK_POLL_INTERVAL_MS, ms). */
  pollIntervalMs: number;
  /** Attempts before a delivery is `failed` (WEBHOOK_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** How long one attempt may take, connection to last byte (ms). */
  timeoutMs: number;
}

/** An external OpenID Connect issuer whose access tokens the API accepts. */
export interface ExternalIdentityConfig {
  /** The `iss` its tokens carry (OIDC_ISSUER). */
  issuer: string;
  /** Where its signing keys are published (OIDC_JWKS_URI). */
  jwksUri: string;
  /** The `aud` its tokens carry for this API (OIDC_AUDIENCE). */
  audience: string;
  /** The claim that holds the user's email (OIDC_EMAIL_CLAIM, default `email`). */
  emailClaim: string;
  /** Accepted signing algorithms (OIDC_ALGORITHMS, default `RS256,PS256,ES256`); asymmetric only. */
  algorithms: string[];
}

/** The `iss` of the API's own access tokens. */
const OWN_ISSUER = 'purchasing-platform';

const ASYMMETRIC = /^(RS|PS|ES)(256|384|512)$|^EdDSA$|^Ed25519$/;

/** OIDC_* parsed: null when OIDC_ISSUER is unset; otherwise every part checked, or a clear error. */
function externalIdentityFrom(env: NodeJS.ProcessEnv, nodeEnv: Config['env']): ExternalIdentityConfig | null {
  const issuer = env.OIDC_ISSUER?.trim();
  if (!issuer) return null;
  if (issuer === OWN_ISSUER) throw new Error(`OIDC_ISSUER must not be the API's own issuer '${OWN_ISSUER}'`);
  const audience = env.OIDC_AUDIENCE?.trim();
  if (!audience)
    throw new Error(
      'OIDC_AUDIENCE is required with OIDC_ISSUER (the audience its tokens carry for this API)',
    );
  const jwksText = env.OIDC_JWKS_URI?.trim();
  if (!jwksText)
    throw new Error('OIDC_JWKS_URI is required with OIDC_ISSUER (where the issuer publishes its keys)');
  let jwks: URL;
  try {
    jwks = new URL(jwksText);
  } catch {
    throw new Error(`OIDC_JWKS_URI must be an absolute URL, got '${jwksText}'`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(jwks.hostname);
  if (jwks.protocol !== 'https:' && !(jwks.protocol === 'http:' && (loopback || nodeEnv !== 'production'))) {
    throw new Error('OIDC_JWKS_URI must be an https URL (plain http only on the loopback interface)');
  }
  const algorithms = (env.OIDC_ALGORITHMS ?? 'RS256,PS256,ES256')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const weak = algorithms.filter((name) => !ASYMMETRIC.test(name));
  if (algorithms.length === 0 || weak.length > 0) {
    throw new Error(
      `OIDC_ALGORITHMS takes asymmetric algorithms only (e.g. RS256,ES256), got '${weak.join(',')}'`,
    );
  }
  return {
    issuer,
    jwksUri: jwks.href,
    audience,
    emailClaim: env.OIDC_EMAIL_CLAIM?.trim() || 'email',
    algorithms,
  };
}

/**
 * TRUST_PROXY parsed: `none` (default: the socket's address is the client, X-Forwarded-For is
 * ignored), `hops` (that many proxies always sit in front: the client is the entry that many places
 * from the right of X-Forwarded-For + socket address), or `addresses` (proxies are these addresses
 * or CIDR ranges: walking from the socket's address leftwards, the first address that is not one of
 * them is the client).
 */
export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'addresses'; addresses: string[] };

function trustProxyFrom(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return { kind: 'none' };
  if (/^\d+$/.test(text)) return { kind: 'hops', hops: Number.parseInt(text, 10) };
  const addresses = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of addresses) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || rest.length > 0) {
      throw new Error(
        `TRUST_PROXY must be a number of proxy hops or a comma-separated list of proxy addresses or CIDR ranges (e.g. 1, or 10.0.0.0/8,::1); '${entry}' is neither`,
      );
    }
  }
  return { kind: 'addresses', addresses };
}

/** SMTP settings of the mail dispatcher (SMTP_URL, or SMTP_HOST/PORT/USER/PASS/SECURE; MAIL_FROM). */
export interface MailConfig {
  smtp:
    | { url: string }
    | { host: string; port: number; secure: boolean; user?: string; pass?: string }
    | null;
  from: string;
  /** How often the dispatcher looks for pending mail (ms). */
  pollIntervalMs: number;
  /** Delivery attempts before a mail is marked `failed`. */
  maxAttempts: number;
  /** How long the Approve and Reject links of an "awaiting your decision" mail stay valid (hours). */
  decisionLinkHours: number;
}

function mailConfigFrom(env: NodeJS.ProcessEnv): MailConfig {
  const port = intFrom(env.SMTP_PORT, 587, 'SMTP_PORT');
  const secure =
    env.SMTP_SECURE === undefined || env.SMTP_SECURE === '' ? port === 465 : env.SMTP_SECURE === 'true';
  const smtp: MailConfig['smtp'] = env.SMTP_URL
    ? { url: env.SMTP_URL }
    : env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port,
          secure,
          user: env.SMTP_USER || undefined,
          pass: env.SMTP_PASS || undefined,
        }
      : null;
  return {
    smtp,
    from: env.MAIL_FROM || 'Purchasing <no-reply@purchasing.local>',
    pollIntervalMs: intFrom(env.MAIL_POLL_INTERVAL_MS, 2000, 'MAIL_POLL_INTERVAL_MS'),
    maxAttempts: Math.max(1, intFrom(env.MAIL_MAX_ATTEMPTS, 5, 'MAIL_MAX_ATTEMPTS')),
    decisionLinkHours: Math.max(1, intFrom(env.EMAIL_DECISION_LINK_HOURS, 72, 'EMAIL_DECISION_LINK_HOURS')),
  };
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number.parseInt(value, 10);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer`);
  return parsed;
}

function attachmentUrlSecret(value: string | undefined, jwtSecret: string): string {
  if (!value) return createHmac('sha256', jwtSecret).update('attachment-download-links').digest('base64url');
  if (value.length < 32) throw new Error('ATTACHMENT_URL_SECRET must be at least 32 characters');
  return value;
}

/**
 * PUBLIC_URL (an http(s) origin, optionally with a path), or the address the server listens on. A
 * production server on a real database refuses to start without it: its mail would otherwise carry
 * links to an address nobody outside the machine can open.
 */
function publicUrlFrom(env: NodeJS.ProcessEnv, nodeEnv: Config['env'], host: string, port: number): string {
  const value = env.PUBLIC_URL?.trim();
  if (value) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got '${value}'`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got '${value}'`);
    if (url.search || url.hash || url.username || url.password)
      throw new Error('PUBLIC_URL must not carry a query, a fragment or credentials');
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  }
  if (nodeEnv === 'production' && env.DATABASE_URL) {
    throw new Error(
      'PUBLIC_URL is not set: a production server on DATABASE_URL needs the public address of the app for the links it mails (e.g. PUBLIC_URL=https://purchasing.example.com)',
    );
  }
  const listening = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${listening.includes(':') ? `[${listening}]` : listening}:${port}`;
}

/** Builds the configuration from environment variables (documented in README.md). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  let secret = env.JWT_SECRET;
  if (!secret) {
    // A per-process secret keeps the demo zero-config; access tokens then end with the process
    // (refresh tokens live in the database, so clients simply refresh). Production sets JWT_SECRET.
    secret = randomBytes(48).toString('base64url');
    if (nodeEnv === 'production') {
      console.warn(
        'JWT_SECRET is not set: using a random per-process secret (set it when running several instances).',
      );
    }
  } else if (secret.length < 32) {
    throw new Error('JWT_SECRET must be at least 32 characters');
  }
  const staticDir =
    env.STATIC_DIR === ''
      ? null
      : (env.STATIC_DIR ?? (nodeEnv === 'production' ? path.join(repoRoot, 'host-app', 'dist') : null));
  // The embedded database carries the published demo accounts: that server stays on the loopback
  // interface unless HOST says otherwise. A production server on a real database listens everywhere.
  const host = env.HOST || (nodeEnv === 'production' && env.DATABASE_URL ? '0.0.0.0' : '127.0.0.1');
  const port = intFrom(env.PORT, 3000, 'PORT');
  return {
    env: nodeEnv,
    host,
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseRole: env.DATABASE_ROLE || undefined,
    dataDir: env.DATA_DIR ?? path.join(apiRoot, '.data', 'pglite'),
    openapiPath: env.OPENAPI_PATH ?? path.join(repoRoot, 'openapi.yaml'),
    staticDir,
    jwt: {
      secret,
      issuer: OWN_ISSUER,
      audience: 'purchasing-api',
      accessTtlSec: intFrom(env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60, 'ACCESS_TOKEN_TTL_SECONDS'),
    },
    refreshTtlDays: intFrom(env.REFRESH_TOKEN_TTL_DAYS, 30, 'REFRESH_TOKEN_TTL_DAYS'),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    frameAncestors: env.FRAME_ANCESTORS ?? "'none'",
    uploadDir: env.UPLOAD_DIR || path.join(os.tmpdir(), 'purchasing-uploads'),
    maxJsonBytes: intFrom(env.MAX_JSON_BYTES, 1024 * 1024, 'MAX_JSON_BYTES'),
    login: {
      maxFailures: Math.max(1, intFrom(env.LOGIN_MAX_FAILURES, 5, 'LOGIN_MAX_FAILURES')),
      maxFailuresPerAccount: Math.max(
        1,
        intFrom(env.LOGIN_MAX_FAILURES_PER_ACCOUNT, 20, 'LOGIN_MAX_FAILURES_PER_ACCOUNT'),
      ),
      windowMinutes: intFrom(env.LOGIN_WINDOW_MINUTES, 15, 'LOGIN_WINDOW_MINUTES'),
      lockMinutes: intFrom(env.LOGIN_LOCK_MINUTES, 15, 'LOGIN_LOCK_MINUTES'),
    },
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    passwordHashing: {
      concurrency: Math.max(
        1,
        intFrom(env.PASSWORD_HASH_CONCURRENCY, availableParallelism(), 'PASSWORD_HASH_CONCURRENCY'),
      ),
      queue: intFrom(env.PASSWORD_HASH_QUEUE, 64, 'PASSWORD_HASH_QUEUE'),
    },
    publicUrl: publicUrlFrom(env, nodeEnv, host, port),
    attachmentUrlSecret: attachmentUrlSecret(env.ATTACHMENT_URL_SECRET, secret),
    mail: mailConfigFrom(env),
    webhooks: {
      allowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS === 'true',
      pollIntervalMs: intFrom(env.WEBHOOK_POLL_INTERVAL_MS, 2000, 'WEBHOOK_POLL_INTERVAL_MS'),
      maxAttempts: Math.max(1, intFrom(env.WEBHOOK_MAX_ATTEMPTS, 8, 'WEBHOOK_MAX_ATTEMPTS')),
      timeoutMs: 10_000,
    },
    externalIdentity: externalIdentityFrom(env, nodeEnv),
  };
}
