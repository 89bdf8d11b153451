/** The worker runner (issue 35): a task past its deadline, a thread that cannot load, never the process. */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, it, vi } from 'vitest';
import { TaskPool, TimeLimitExceeded } from '../../src/adapters/worker-runner.ts';

const tasks = new URL('./fixtures/tasks.mjs', import.meta.url);

it('answers a task, ends one past its deadline at the deadline, and answers the next on a fresh thread', async () => {
  const pool = new TaskPool<number | 'loop', number>({ module: tasks, threads: 1 });
  try {
    expect(await pool.run(21)).toBe(42);
    await expect(pool.run('loop', { deadline: performance.now() + 200 })).rejects.toBeInstanceOf(TimeLimitExceeded);
    expect(await pool.run(4)).toBe(8);
  } finally {
    await pool.close();
  }
});

it('a replacement thread whose module is gone is heard, fails its task, and the process lives on', async () => {
  // the module in a folder of its own, removed once the first thread has loaded it
  const dir = mkdtempSync(join(tmpdir(), 'nimber-runner-'));
  const module = join(dir, 'tasks.mjs');
  copyFileSync(fileURLToPath(tasks), module);
  const heard: string[] = [];
  const pool = new TaskPool<number | 'loop', number>({
    module: pathToFileURL(module),
    threads: 1,
    onThreadError: (e) => heard.push(e.message),
  });
  try {
    expect(await pool.run(1)).toBe(2);
    rmSync(dir, { recursive: true, force: true });
    // the deadline replaces the thread; its successor cannot load the module
    await expect(pool.run('loop', { deadline: performance.now() + 200 })).rejects.toBeInstanceOf(TimeLimitExceeded);
    // its task waits for a thread that never loads: it ends at its deadline, the process does not
    await expect(pool.run(3, { deadline: performance.now() + 2_000 })).rejects.toBeInstanceOf(TimeLimitExceeded);
    await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0), { timeout: 60_000 });
  } finally {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

it("a cancelled task rejects with the signal's reason", async () => {
  const pool = new TaskPool<number | 'loop', number>({ module: tasks, threads: 1 });
  try {
    const controller = new AbortController();
    const running = pool.run('loop', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stopped by the user')), 100);
    await expect(running).rejects.toThrow('stopped by the user');
  } finally {
    await pool.close();
  }
});
