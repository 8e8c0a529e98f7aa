/**
 * Zod compiles an object schema with `new Function` when it can, and finds out by trying as it builds the
 * schema. Under the app's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') that probe is a
 * violation on every page load, which Lighthouse counts against best practices and the end-to-end walk
 * reports. Jitless parsing never tries. Imported first by main.tsx: the screens build their search
 * schemas when their modules load, and a schema decides at construction.
 */
// From zod's tree-shakable build, which shares the full build's core (and so its configuration): the
// first screen loads no more of zod than it uses.
import { config } from 'zod/mini';

config({ jitless: true });
