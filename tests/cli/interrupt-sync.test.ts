/**
 * Ctrl-C that arrives while a sequence is computed in one synchronous stretch: the signal is handled
 * only when the event loop next runs, and the command's listener used to be removed before that, so
 * the interrupt was lost and the command ran on to the end (exit 0; `nimber grundy grundys-game --to
 * 4194304` interrupted in its first second finished minutes later). The child sends itself a real
 * SIGINT from inside the kernel.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('Ctrl-C during a synchronous kernel', () => {
  it('cancels the sequence instead of being lost with the listener', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'tests/cli/fixtures/interrupt-sync.ts'], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('aborted');
  });
});
