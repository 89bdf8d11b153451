/**
 * Waiting for a spawned command to be at work, whatever the machine's load: a test that interrupts a
 * run after a fixed delay interrupts it before it even started on a busy machine (a command's start-up
 * alone took 12 s of wall time there), so it waits for CPU time the process has used instead (Linux
 * /proc/<pid>/stat: user and system time of all its threads, in clock ticks).
 */
import { readFileSync } from 'node:fs';

/** Clock ticks a second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds the process has used, or null once it has ended. */
export function cpuSeconds(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // the fields after the command's name in parentheses (which may hold spaces): utime and stime are 14 and 15
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z') return null;
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Resolves once the process has used `seconds` of CPU, or has ended (the test's assertions then say what it did). */
export async function untilCpuUsed(pid: number | undefined, seconds: number): Promise<void> {
  if (pid === undefined) return;
  for (;;) {
    const used = cpuSeconds(pid);
    if (used === null || used >= seconds) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
