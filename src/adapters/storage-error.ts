import { getSystemErrorMap } from 'node:util';

/** A file the program must write or remove and cannot (a full disk, a directory in the way): exit code 1, one line. */
export class StorageError extends Error {
  override readonly name = 'StorageError';
}

/** `ENOSPC: no space left on device` from a Node errno error, without the syscall and path it repeats. */
export function describeFsError(e: unknown): string {
  const error = e as NodeJS.ErrnoException;
  if (typeof error?.code !== 'string') return e instanceof Error ? e.message : String(e);
  return `${error.code}: ${systemMessage(error.code) ?? error.message.replace(/^[A-Z]+: /, '').replace(/, \w+( '.*')?$/s, '')}`;
}

/**
 * libuv's words for an error code ("permission denied" for EACCES). The messages Node builds differ
 * between versions and calls (Node 24's rmSync says "EACCES, Permission denied: <path>"), so they are
 * read from the code, and only an unknown code falls back to the message.
 */
function systemMessage(code: string): string | undefined {
  for (const [name, message] of getSystemErrorMap().values()) if (name === code) return message;
  return undefined;
}
