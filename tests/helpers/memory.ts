/** Resident memory of a process (its main thread and worker threads together), sampled while it works. */
import { readFileSync } from 'node:fs';

/** A process's resident memory now and its peak so far (VmRSS, VmHWM of /proc), in MiB; null off Linux. */
export function residentMemory(pid: number = process.pid): { nowMiB: number; peakMiB: number } | null {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { nowMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/**
 * Samples a process's resident memory every `everyMs` until stopped; `peakMiB` is the larger of the
 * samples and the kernel's own high-water mark (which catches peaks between samples).
 */
export function sampleMemory(pid: number = process.pid, everyMs = 50): { stop(): number } {
  let peak = 0;
  const sample = () => {
    const m = residentMemory(pid);
    if (m) peak = Math.max(peak, m.nowMiB, m.peakMiB);
    else peak = Math.max(peak, process.memoryUsage().rss / 2 ** 20);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
