/**
 * Ctrl-C on a table of sized starts (issue 39, item 10: `table sprouts` exited 130 without a word).
 * The table runs on a thread of its own, so the keypress is heard at once, in a real terminal: a
 * pseudo-terminal made by util-linux `script`, whose line discipline turns ^C into SIGINT.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

it('Ctrl-C in a terminal stops table sprouts at once: exit 130 and one line saying where', async () => {
  // 17 spots at 60 s a board: minutes of work, so the keypress always comes while it computes.
  // The terminal sends SIGINT to the shell too; a non-interactive dash dies of it before it can
  // echo the status, so the shell traps it (a trap with a command is not inherited by nimber).
  const command = `trap : INT; "${process.execPath}" bin/nimber.js table sprouts --spots 1..17 --time-limit 60; echo "status=$?"`;
  const child = spawn('script', ['-qfc', command, '/dev/null'], {
    cwd: root,
    env: { ...process.env, SHELL: '/bin/sh' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const closed = new Promise<void>((resolve, reject) => {
    child.on('error', (e) =>
      reject(new Error(`util-linux 'script' is needed to give the command a terminal: ${e.message}`)),
    );
    child.on('close', () => resolve());
  });
  const rowSeen = new Promise<void>((resolve) => {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (/^\s+3\s+N/m.test(out)) resolve();
    });
  });
  await Promise.race([rowSeen, closed]);
  child.stdin.write('\x03');
  await closed;
  expect(out).toMatch(/^\s+3\s+N\s/m);
  expect(out).toMatch(/nimber: interrupted: the table stopped after spots \d+; the rows printed are complete\r?\n/);
  expect(out).not.toMatch(/at .*\.js:\d+/); // no stack trace
  expect(out).toMatch(/status=130/);
}, 300_000);
