/**
 * The CLI's time limits count wall time, so on a busy machine a search gives up having had a part of
 * the CPU it would have had alone. The give-up message says so: how much wall time passed, how much
 * CPU the command used, and that the machine was busy when the CPU was under half the wall time.
 */
/** A point to measure from: wall time (ms) and this process's CPU time (all its threads). */
export interface TimeMark {
  readonly wallMs: number;
  readonly cpu: NodeJS.CpuUsage;
}

/** Now, as a point to measure from. */
export function timeMark(): TimeMark {
  return { wallMs: performance.now(), cpu: process.cpuUsage() };
}

/** Wall time passed and CPU time used since `since`, in milliseconds. */
export function timeSince(since: TimeMark): { wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage(since.cpu);
  return { wallMs: performance.now() - since.wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** Below this share of the wall time, the CPU the command had says the machine was busy. */
const BUSY_SHARE = 0.5;

/** `14.7 s of wall time, 5.2 s of CPU; the machine was busy` (the last part only when it was). */
export function timeNote(wallMs: number, cpuMs: number): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const busy = cpuMs < wallMs * BUSY_SHARE ? '; the machine was busy' : '';
  return `${seconds(wallMs)} of wall time, ${seconds(cpuMs)} of CPU${busy}`;
}

/** True for a search stopped by its time limit, here or on a search thread (whose error comes back as its message). */
export function isTimeLimitStop(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  // the search's stop (SearchStopped) names its reason; a thread's error comes back as its words
  return (e as { reason?: unknown }).reason === 'time-limit' || / hit its time limit of [\d.]+ s/.test(e.message);
}
