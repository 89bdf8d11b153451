/** Server defaults, in a module of their own so the CLI can show them without loading the server. */

export const DEFAULT_PORT = 8310;
export const DEFAULT_HOST = '127.0.0.1';
/** Per-request computation time limit (ms). */
export const DEFAULT_TIME_LIMIT_MS = 2000;
/** Largest request body (bytes). */
export const MAX_BODY_BYTES = 1024 * 1024;
