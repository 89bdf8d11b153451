/** Runs the real `nimber` command (node bin/nimber.js) for end-to-end tests. */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Spawns the command with `input` on stdin; resolves when it exits (lets cases run concurrently). */
export function nimber(args: string[], input = ''): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/nimber.js', ...args], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** The same, synchronously. */
export function nimberSync(args: string[], input = '', timeoutMs = 600_000): CliRun {
  const r = spawnSync(process.execPath, ['bin/nimber.js', ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Runs the command with stdout and stderr on a pseudo-terminal (util-linux `script`): the output as the
 * terminal got it (progress lines included) and the exit status, echoed last.
 */
export function atTerminal(args: string[]): { output: string; status: string } {
  const command = [JSON.stringify(process.execPath), 'bin/nimber.js', ...args.map(quoted)].join(' ');
  const run = spawnSync('script', ['-qec', `${command}; echo "status=$?"`, '/dev/null'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (run.error) throw new Error(`util-linux 'script' is needed to give the command a terminal: ${run.error.message}`);
  const output = run.stdout.replaceAll('\r\n', '\n');
  const status = /status=(\d+)\n?$/.exec(output)?.[1] ?? 'none';
  return { output: output.replace(/status=\d+\n?$/, ''), status };
}

/** A word for the shell as it is (single quotes; a quote inside closed, escaped and reopened). */
function quoted(word: string): string {
  return /^[\w./:=@-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
