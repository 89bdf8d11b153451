/**
 * Benchmark harness: median wall time of several runs per workload, peak memory, ratios against a
 * baseline. Peak memory is the process's resident high-water mark during the workload's runs
 * (Linux: reset through /proc/self/clear_refs after a full GC, read from VmHWM; it includes worker
 * threads and the runtime's ~50–100 MiB). Elsewhere the column shows the whole run's peak so far.
 */
import { readFileSync, writeFileSync } from 'node:fs';

export interface Workload {
  /** Label in the table, e.g. "histogram count" or "O(N^2) sweep (baseline)". */
  readonly name: string;
  /** The work; its result is compared between workloads of one case when `check` is set. */
  run(): unknown | Promise<unknown>;
  /** The work runs in another process (e.g. the CLI end to end): its memory is not measured here. */
  readonly external?: boolean;
  /**
   * The workload times itself: run() resolves to { ms, result } (e.g. a baseline measured on a
   * slice and scaled by its operation count; its name must say so).
   */
  readonly selfTimed?: boolean;
  /** A note for the table's last column, read after the workload's runs (e.g. efficiency, a measured share). */
  note?(medianMs: number, baselineMs: number | null): string;
}

/** What a selfTimed workload's run() returns. */
export interface SelfTimed {
  ms: number;
  result: unknown;
}

export interface BenchCase {
  /** Table title, e.g. "PE310 nim-square N = 1e5". */
  readonly title: string;
  /** The reference approach the ratio is taken against (first row). */
  readonly baseline?: Workload;
  readonly candidates: Workload[];
  /** Runs per workload (median reported); default 5, quick mode uses 1..3. */
  readonly runs?: number;
  /** Runs for the baseline when it is slow; default = runs. */
  readonly baselineRuns?: number;
  /** Whether every workload must return the same value (compared as JSON with bigints). */
  readonly check?: boolean;
}

export interface BenchSuite {
  readonly name: string;
  /** The cases; `quick` asks for small sizes that finish in seconds. */
  cases(quick: boolean): BenchCase[];
}

export interface Row {
  name: string;
  medianMs: number;
  runs: number;
  ratio: number | null;
  /** Peak resident memory in MiB during the workload (null when it cannot be measured). */
  peakMiB: number | null;
  /** The workload's note (a last column, shown when some row has one). */
  note?: string;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const asText = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));

const gc = (globalThis as { gc?: () => void }).gc;

function statusKiB(field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Collects garbage (when node runs with --expose-gc), lets freed buffers go back, resets the peak. */
async function resetPeak(): Promise<boolean> {
  gc?.();
  await new Promise((r) => setTimeout(r, 60));
  gc?.();
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return statusKiB('VmHWM') !== null;
  } catch {
    return false;
  }
}

async function time(w: Workload, runs: number): Promise<{ ms: number; result: unknown; peakMiB: number | null }> {
  const times: number[] = [];
  let result: unknown;
  const exact = await resetPeak();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const out = await w.run();
    const wall = performance.now() - t0;
    if (w.selfTimed) {
      ({ ms: times[i], result } = out as SelfTimed);
    } else {
      result = out;
      times.push(wall);
    }
  }
  const kib = w.external ? null : exact ? statusKiB('VmHWM') : process.resourceUsage().maxRSS;
  return { ms: median(times), result, peakMiB: kib === null ? null : kib / 1024 };
}

/** Runs one case and returns its rows (baseline first; ratio = baseline median / this median). */
export async function runCase(c: BenchCase, quick: boolean): Promise<Row[]> {
  const runs = c.runs ?? (quick ? 1 : 5);
  const rows: Row[] = [];
  let base: { ms: number; result: unknown; peakMiB: number | null } | undefined;
  if (c.baseline) {
    base = await time(c.baseline, c.baselineRuns ?? runs);
    rows.push({
      name: c.baseline.name + ' (baseline)',
      medianMs: base.ms,
      runs: c.baselineRuns ?? runs,
      ratio: 1,
      peakMiB: base.peakMiB,
      note: c.baseline.note?.(base.ms, base.ms),
    });
  }
  for (const w of c.candidates) {
    const r = await time(w, runs);
    if (c.check && base && asText(r.result) !== asText(base.result)) {
      throw new Error(`${c.title}: ${w.name} returned ${asText(r.result)} but the baseline ${asText(base.result)}`);
    }
    rows.push({
      name: w.name,
      medianMs: r.ms,
      runs,
      ratio: base ? base.ms / r.ms : null,
      peakMiB: r.peakMiB,
      note: w.note?.(r.ms, base?.ms ?? null),
    });
  }
  return rows;
}

export function formatTable(title: string, rows: Row[]): string {
  const notes = rows.some((r) => r.note !== undefined);
  const header = ['workload', 'median ms', 'runs', 'peak MiB', 'speed-up vs baseline', ...(notes ? ['notes'] : [])];
  const body = rows.map((r) => [
    r.name,
    r.medianMs.toFixed(1),
    String(r.runs),
    r.peakMiB === null ? '-' : r.peakMiB.toFixed(0),
    r.ratio === null ? '-' : r.ratio.toFixed(2) + '×',
    ...(notes ? [r.note ?? ''] : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => c.padEnd(widths[i])).join(' | ') + ' |';
  return [
    `### ${title}`,
    line(header),
    '| ' + widths.map((w) => '-'.repeat(w)).join(' | ') + ' |',
    ...body.map(line),
  ].join('\n');
}
