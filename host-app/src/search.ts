/**
 * The URL search format of the host: plain `key=value` pairs, with a list as the same key repeated
 * (`?status=draft&status=approved`), the format of the API's own filters (document 1 §7), instead of
 * TanStack Router's default JSON-in-the-URL. Routes validate what they read (`validateSearch`), so
 * a key that appears once is a string and one that repeats is an array; nothing is coerced here.
 */

/** Reads a location's search string (`?a=1&b=x&b=y`) into `{ a: '1', b: ['x', 'y'] }`. */
export function parseSearch(searchStr: string): Record<string, unknown> {
  const params = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr);
  const search: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    search[key] = values.length > 1 ? values : values[0];
  }
  return search;
}

/**
 * Writes a search object as `?a=1&b=x&b=y` (empty string when nothing is set). Arrays repeat their key;
 * `undefined`, `null` and empty arrays are left out; objects are written as JSON (no route uses them).
 */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
