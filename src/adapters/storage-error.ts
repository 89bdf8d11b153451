/** A file the program must write or remove and cannot (a full disk, a directory in the way): exit code 1, one line. */
export class StorageError extends Error {
  override readonly name = 'StorageError';
}

/** `ENOSPC: no space left on device` from a Node errno error, without the syscall and path it repeats. */
export function describeFsError(e: unknown): string {
  const error = e as NodeJS.ErrnoException;
  if (typeof error?.code !== 'string') return e instanceof Error ? e.message : String(e);
  const reason = error.message.replace(/^[A-Z]+: /, '').replace(/, \w+( '.*')?$/s, '');
  return `${error.code}: ${reason}`;
}
