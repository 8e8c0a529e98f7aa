import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { type ErrorDetail, ValidationFailed } from '../domain/errors.js';
import type { OpenApiDocument, OperationInfo, ParameterObject } from './openapi.js';

// ajv-formats ships CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const DOC_ID = 'openapi.json';

/**
 * Keyword a schema in openapi.yaml may carry to give the product's own message for a field
 * (e.g. `x-error-message: Please enter a valid email address`). Annotation only.
 */
export const ERROR_MESSAGE_KEYWORD = 'x-error-message';

type Source = 'query' | 'params' | 'headers' | 'payload';

function newAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    verbose: true,
    useDefaults: true,
    coerceTypes: coerce ? 'array' : false,
    validateSchema: false,
    discriminator: true,
  });
  addFormats(ajv);
  // RFC 3339 has a year 0000; PostgreSQL's calendar has none (1 BC is followed by AD 1) and refuses
  // it with an error, so a date or timestamp in year 0000 is refused here (400), never a 500.
  for (const name of ['date', 'date-time'] as const) {
    const format = fullFormats[name] as { validate: (value: string) => boolean; compare?: never };
    ajv.addFormat(name, {
      type: 'string',
      validate: (value: string) => !value.startsWith('0000') && format.validate(value),
      ...(format.compare ? { compare: format.compare } : {}),
    });
  }
  ajv.addKeyword({ keyword: ERROR_MESSAGE_KEYWORD, schemaType: 'string' });
  return ajv;
}

function pathToField(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function join(base: string, key: string): string {
  return base ? `${base}.${key}` : key;
}

/** Upper bounds describe themselves better than a field's product message ('Password is required'). */
const GENERIC_KEYWORDS = new Set(['maxLength', 'maxItems', 'maximum', 'exclusiveMaximum', 'maxProperties']);

function customMessage(schema: unknown, keyword = 'required'): string | undefined {
  if (GENERIC_KEYWORDS.has(keyword)) return undefined;
  if (schema && typeof schema === 'object') {
    const message = (schema as Record<string, unknown>)[ERROR_MESSAGE_KEYWORD];
    if (typeof message === 'string') return message;
  }
  return undefined;
}

/** The message of a body key the contract does not accept. */
export const UNKNOWN_FIELD = 'This field is not allowed';
/** A key that may be named back in `field`: a plain identifier of at most 64 characters. */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Turns ajv errors into the API's field details, using `x-error-message` where the contract gives one. */
export function toDetails(
  errors: ErrorObject[],
  rename: (field: string) => string = (f) => f,
): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    // `if/then/else`, `anyOf`, `oneOf` wrappers only repeat what the branch errors already said.
    if (['if', 'anyOf', 'oneOf', 'allOf'].includes(error.keyword) && errors.length > 1) continue;
    let field = pathToField(error.instancePath);
    let message: string;
    if (error.keyword === 'required') {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      field = join(field, missing);
      const propertySchema = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)
        ?.properties?.[missing];
      message = customMessage(propertySchema) ?? `${rename(field)} is required`;
    } else if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
      // The key is the caller's text: named in `field` only when it looks like a field name, and never
      // repeated in the message (issue 19: no message echoes an unknown body key back).
      const params = error.params as { additionalProperty?: string; unevaluatedProperty?: string };
      const key = params.additionalProperty ?? params.unevaluatedProperty ?? '';
      field = FIELD_NAME.test(key) ? join(field, key) : field;
      message = UNKNOWN_FIELD;
    } else {
      message =
        customMessage(error.parentSchema, error.keyword) ?? `${rename(field) || 'body'} ${describe(error)}`;
    }
    const key = `${field}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push({ field: rename(field) || 'body', message });
  }
  return details;
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'format':
      return `must be a valid ${String(params.format).replace(/-/g, ' ')}`;
    case 'type':
      return `must be ${Array.isArray(params.type) ? params.type.join(' or ') : String(params.type)}`;
    default:
      return error.message ?? 'is invalid';
  }
}

/**
 * The fields of a request value whose strings hold a NUL character (U+0000). PostgreSQL's text
 * cannot store one: it used to be escaped on the way in and stored as the two characters `\0`, a
 * silent change of what the caller sent. Refused instead (400 naming the field).
 */
export function fieldsWithNul(value: unknown, base = ''): ErrorDetail[] {
  if (typeof value === 'string') {
    return value.includes('\u0000')
      ? [{ field: base || 'body', message: 'must not contain a NUL character' }]
      : [];
  }
  if (Array.isArray(value))
    return value.flatMap((item, index) => fieldsWithNul(item, join(base, String(index))));
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(key.includes('\u0000')
        ? [{ field: join(base, key), message: 'must not contain a NUL character' }]
        : []),
      ...fieldsWithNul(item, join(base, key)),
    ]);
  }
  return [];
}

/** Builds the 400 error for a list of details. */
export function validationError(details: ErrorDetail[]): ValidationFailed {
  const first = details[0];
  const message =
    details.length === 1 && first
      ? first.message
      : `Invalid request: ${[...new Set(details.map((d) => d.field))].join(', ')}`;
  return new ValidationFailed(message, details);
}

/** Validators for one operation, ready to plug into a Hapi route's `validate` options. */
export interface OperationValidators {
  query?: (value: unknown) => unknown;
  params?: (value: unknown) => unknown;
  headers?: (value: unknown) => unknown;
  payload?: (value: unknown) => unknown;
  /** Media types the body may have (for the route's `payload.allow`). */
  payloadTypes: string[];
}

/**
 * Compiles request validators from the contract itself: the one source of truth for what a
 * request may hold. Query values are coerced (`'10'` → 10, one value → array) and defaults applied.
 */
export class ContractValidator {
  private readonly strictAjv = newAjv(false);
  private readonly coercingAjv = newAjv(true);

  constructor(readonly doc: OpenApiDocument) {
    this.strictAjv.addSchema(doc, DOC_ID);
    this.coercingAjv.addSchema(doc, DOC_ID);
  }

  /** Compiles the schema at a JSON pointer of the document (for response checks in tests too). */
  compile(pointer: string, coerce = false): ValidateFunction {
    const ajv = coerce ? this.coercingAjv : this.strictAjv;
    return ajv.compile({ $ref: `${DOC_ID}${pointer}` });
  }

  forOperation(op: OperationInfo): OperationValidators {
    const validators: OperationValidators = { payloadTypes: [] };
    const query = op.parameters.filter((p) => p.in === 'query');
    const path = op.parameters.filter((p) => p.in === 'path');
    const headers = op.parameters.filter((p) => p.in === 'header');
    // Query strings are strict: an unknown key is answered 400 rather than silently ignored.
    validators.query = this.parameterValidator(query, 'query', false);
    if (path.length) validators.params = this.parameterValidator(path, 'params', true);
    if (headers.length) validators.headers = this.parameterValidator(headers, 'headers', true);
    if (op.requestBody) {
      validators.payloadTypes = Object.keys(op.requestBody.content);
      const jsonPointer = op.requestBody.content['application/json'];
      const required = op.requestBody.required;
      const validate = jsonPointer ? this.compile(jsonPointer) : null;
      validators.payload = (value: unknown) => {
        if (value === null || value === undefined || (typeof value === 'string' && value === '')) {
          if (required) throw validationError([{ field: 'body', message: 'A request body is required' }]);
          return value;
        }
        if (validate && !Buffer.isBuffer(value) && !validate(value)) {
          throw validationError(toDetails(validate.errors ?? []));
        }
        const nul = fieldsWithNul(value);
        if (nul.length) throw validationError(nul);
        return value;
      };
    }
    return validators;
  }

  private parameterValidator(
    parameters: ParameterObject[],
    source: Source,
    allowUnknown: boolean,
  ): (value: unknown) => unknown {
    const lower = source === 'headers';
    const names = new Map<string, string>();
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const parameter of parameters) {
      const key = lower ? parameter.name.toLowerCase() : parameter.name;
      names.set(key, parameter.name);
      properties[key] = parameter.schema ?? {};
      if (parameter.required) required.push(key);
    }
    const ajv = source === 'payload' ? this.strictAjv : this.coercingAjv;
    const validate = ajv.compile({
      type: 'object',
      properties: JSON.parse(JSON.stringify(properties).replaceAll('"$ref":"#/', `"$ref":"${DOC_ID}#/`)),
      required,
      additionalProperties: allowUnknown,
    });
    return (value: unknown) => {
      const input = { ...(value as Record<string, unknown>) };
      if (!validate(input)) {
        throw validationError(toDetails(validate.errors ?? [], (field) => names.get(field) ?? field));
      }
      const nul = fieldsWithNul(input);
      if (nul.length) throw validationError(nul);
      return input;
    };
  }
}
