/**
 * Counts the drawn full Quarto boards (the 16 pieces on the 16 cells with no row, column or diagonal
 * of four sharing an attribute), a check of the line test against Kerner's figure: 414,298,141,056 of
 * the 16! = 20,922,789,888,000 boards (J. Kerner, "An Exploration of Gameplay in Quarto", Yale 2001).
 *
 * `npx tsx scripts/quarto-draws.ts [--seconds N]`: fills the cells in row order, cutting off a line as
 * soon as its four cells are filled, with two symmetries taken out: the piece on a1 is 0 (a complement
 * maps any board onto one so; x 16) and the piece on b1 is 1, 3, 7 or 15 (a bit permutation fixing 0
 * maps it there; x 4, 6, 4, 1). The work is split into 4 x 14 subtrees (the piece on c1); with
 * --seconds it stops after that long and projects the whole count's time from the subtrees done.
 */
import { quartoLines, sharesAttribute, cellsOf } from '../src/engine/families/quarto/rules.ts';

const args = process.argv.slice(2);
const secondsAt = args.indexOf('--seconds');
const budgetMs = secondsAt >= 0 ? Number(args[secondsAt + 1]) * 1000 : Number.POSITIVE_INFINITY;

// For each cell, the lines that its filling completes (every cell of the line at or before it).
const completes: number[][] = Array.from({ length: 16 }, () => []);
for (const line of quartoLines('standard')) {
  const cells = cellsOf(line);
  completes[Math.max(...cells)].push(...cells);
}
const board = new Int8Array(16);

function lineOk(cell: number): boolean {
  const c = completes[cell];
  for (let i = 0; i < c.length; i += 4)
    if (sharesAttribute(board[c[i]], board[c[i + 1]], board[c[i + 2]], board[c[i + 3]])) return false;
  return true;
}

/** Drawn completions from `cell` on, with `left` the pieces not yet placed. */
function count(cell: number, left: number): number {
  if (cell === 16) return 1;
  let total = 0;
  for (let rest = left; rest !== 0; rest &= rest - 1) {
    const p = 31 - Math.clz32(rest & -rest);
    board[cell] = p;
    if (lineOk(cell)) total += count(cell + 1, left & ~(1 << p));
  }
  return total;
}

const representatives: [number, bigint][] = [
  [1, 4n],
  [3, 6n],
  [7, 4n],
  [15, 1n],
];
const started = Date.now();
const cpuStart = process.cpuUsage();
let drawn = 0n;
let done = 0;
const subtrees = representatives.length * 14;
for (const [b1, weight] of representatives) {
  for (let c1 = 1; c1 < 16; c1++) {
    if (c1 === b1) continue;
    if (Date.now() - started > budgetMs) break;
    board[0] = 0;
    board[1] = b1;
    board[2] = c1;
    const n = count(3, 0xffff & ~1 & ~(1 << b1) & ~(1 << c1));
    drawn += 16n * weight * BigInt(n);
    done++;
    const elapsed = (Date.now() - started) / 1000;
    console.log(
      `b1=${b1} c1=${c1}: ${n.toLocaleString('en-US')} drawn completions; ${done}/${subtrees} subtrees, ${elapsed.toFixed(0)} s`,
    );
  }
}
const { user, system } = process.cpuUsage(cpuStart);
const wall = (Date.now() - started) / 1000;
const cpu = (user + system) / 1e6;
if (done === subtrees) {
  console.log(`drawn full boards: ${drawn.toLocaleString('en-US')} (Kerner 2001: 414,298,141,056)`);
  console.log(drawn === 414298141056n ? 'agrees' : 'DISAGREES');
} else {
  console.log(
    `stopped after ${done}/${subtrees} subtrees: wall ${wall.toFixed(0)} s, CPU ${cpu.toFixed(0)} s; ` +
      `projected whole count ${(((cpu / Math.max(1, done)) * subtrees) / 3600).toFixed(1)} CPU hours (subtrees differ in size)`,
  );
}
console.log(`wall ${wall.toFixed(1)} s, CPU ${cpu.toFixed(1)} s`);
