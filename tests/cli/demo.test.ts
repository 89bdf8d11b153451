/** `nimber demo`: every command it prints, pasted into bash, prints the answer the tour shows. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

it('each printed command, run by bash, prints the answer shown under it', async () => {
  const demo = await nimber(['demo']);
  expect(demo.code).toBe(0);
  const blocks = demo.stdout.split(/^== .* ==\n/m).filter((b) => b.trim() !== '');
  expect(blocks.length).toBeGreaterThanOrEqual(6);
  // `nimber` as the installed command would be: this checkout's bin/nimber.js.
  const define = `nimber() { ${JSON.stringify(process.execPath)} bin/nimber.js "$@"; }`;
  for (const block of blocks) {
    const [commandLine, ...answer] = block.replace(/\n+$/, '').split('\n');
    expect(commandLine).toMatch(/^\$ /);
    const run = spawnSync('bash', ['-c', `${define}\n${commandLine?.slice(2)}`], { cwd: root, encoding: 'utf8' });
    expect({ command: commandLine, stderr: run.stderr, status: run.status }).toEqual({
      command: commandLine,
      stderr: '',
      status: 0,
    });
    expect(run.stdout.replace(/\n+$/, '')).toBe(answer.join('\n'));
  }
});
