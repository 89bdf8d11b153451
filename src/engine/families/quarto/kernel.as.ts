// WebAssembly kernel of Quarto's solver node (AssemblyScript source of kernel.generated.ts).
//
// The algorithm, the move order, the table's layout and replacement are solver.ts's TypeScript
// core's, line for line (it stays the reference the tests compare with, node count included): a
// negamax with alpha-beta over scores absolute in time (32 - N for a line made at N pieces placed),
// the board as eight cell masks (one per polarity), the tables complete[] and avoid[] over all 2^16
// masks, the canonical key of symmetry.ts (least occupancy image, the maps reaching it, the bit
// permutation refined piece by piece), the packed table (16 bytes an entry, two a bucket). What
// differs is only that it runs as WebAssembly: no tier-up of a large JavaScript function (about
// 0.8 s of the first solve of a process went to it) and cheaper arithmetic and calls.
//
// Memory, from 0 (the host writes the lookup tables once, at the offsets exported below):
// complete (u16 x 2^16), avoid (u32 x 2^16), least (u16 x 2^16), reaching (u32 x 2^16), the board
// maps (inverse and forward, i8 x 16 per map), the lines (u32 x 32), the refinement (next and image,
// u8 x 16 per state) and the piece maps per refinement state (forward, backward), then the
// search's own state, then from TABLE_AT the table (4 x i32 an entry).
// The host's poll() is called every 65,536 nodes; it may throw (a deadline, an abort): the board is
// set again before the next search, and the table holds only proved bounds.

@external('env', 'poll')
declare function poll(): void;

const COMPLETE: usize = 0;
const AVOID: usize = 131072;
const LEAST: usize = 393216;
const REACHING: usize = 524288;
const INVERSE: usize = 786432;
const FORWARD: usize = 786944;
const LINES: usize = 787456;
const REFINE_NEXT: usize = 787584;
const REFINE_IMAGE: usize = 789632;
const PIECE_FORWARD: usize = 791680;
const PIECE_BACKWARD: usize = 793728;
const HISTORY: usize = 795776;
const MOVE_KEY: usize = 797824;
const MOVE_LIST: usize = 832640;
const THREAT: usize = 836992;
const BOARD: usize = 837536;
const PM: usize = 837552;
const WITH_POLARITY: usize = 837584;
const POLARITIES: usize = 837616;
const HISTORY_WEIGHT: usize = 837632;
const TABLE_AT: usize = 1048576;

const NONE: i32 = -1;
const INFINITE: i32 = 64;
const KEY_BITS: i32 = ~(255 << 17);
const RANK_UNIT: f64 = 1099511627776.0; // 2^40
const HISTORY_CAP: f64 = 549755813888.0; // 2^39

let occ: i32 = 0;
let tableMask: i32 = 0;
let tableMinEmpty: i32 = 8;
let generation: i32 = 1;
let checkIn: i32 = 0;
let nodeCount: f64 = 0;
let probeCount: f64 = 0;
let hitCount: f64 = 0;
let keyA: i32 = 0;
let keyB: u32 = 0;
let keyC: u32 = 0;
let keyMap: i32 = 0;
let keyState: i32 = 0;

/** Where the host writes each lookup table (kind: 0 complete, 1 avoid, 2 least, 3 reaching, 4 inverse, 5 forward, 6 lines, 7 refinement next, 8 image, 9 piece forward, 10 backward, 11 board, 12 table). */
export function offset(kind: i32): usize {
  switch (kind) {
    case 0: return COMPLETE;
    case 1: return AVOID;
    case 2: return LEAST;
    case 3: return REACHING;
    case 4: return INVERSE;
    case 5: return FORWARD;
    case 6: return LINES;
    case 7: return REFINE_NEXT;
    case 8: return REFINE_IMAGE;
    case 9: return PIECE_FORWARD;
    case 10: return PIECE_BACKWARD;
    case 11: return BOARD;
    default: return TABLE_AT;
  }
}

/** Sets the table's size (2^bits entries, its memory zeroed) and the probe threshold; fills the small constant tables. */
export function init(bits: i32, minEmpty: i32): void {
  tableMask = (1 << bits) - 2;
  tableMinEmpty = minEmpty;
  generation = 1;
  for (let j = 0; j < 8; j++) {
    let m = 0;
    for (let p = 0; p < 16; p++) if (((p >> (j & 3)) & 1) == (j < 4 ? 1 : 0)) m |= 1 << p;
    store<u32>(WITH_POLARITY + (<usize>j << 2), m);
  }
  for (let p = 0; p < 16; p++) {
    let m = 0;
    for (let b = 0; b < 4; b++) m |= 1 << ((p >> b) & 1 ? b : b + 4);
    store<u8>(POLARITIES + <usize>p, m);
  }
  let w: f64 = 1;
  for (let e = 0; e < 17; e++) {
    store<f64>(HISTORY_WEIGHT + (<usize>e << 3), w);
    w *= 4;
  }
  clear();
}

/** A new table generation (zeroing the table when the 7-bit generation wraps), history and counters cleared. */
export function clear(): void {
  generation++;
  if (generation == 128) {
    memory.fill(TABLE_AT, 0, (<usize>(tableMask + 2)) << 4);
    generation = 1;
  }
  memory.fill(HISTORY, 0, 2048);
  nodeCount = 0;
  probeCount = 0;
  hitCount = 0;
}

export function nodes(): f64 {
  return nodeCount;
}

export function probes(): f64 {
  return probeCount;
}

export function hits(): f64 {
  return hitCount;
}

/** Reads the board the host wrote at BOARD (i8 x 16, -1 empty) into the masks; returns the pieces placed. */
export function setBoard(): i32 {
  occ = 0;
  for (let j = 0; j < 8; j++) store<i32>(PM + (<usize>j << 2), 0);
  let placed = 0;
  for (let c = 0; c < 16; c++) {
    const p = i32(load<i8>(BOARD + <usize>c));
    if (p != NONE) {
      placed++;
      occ |= 1 << c;
      for (let b = 0; b < 4; b++) {
        const at = PM + (<usize>((p >> b) & 1 ? b : b + 4) << 2);
        store<i32>(at, load<i32>(at) | (1 << c));
      }
    }
  }
  return placed;
}

/** The score of the board set with `hand` to place and `avail` to give, within (alpha, beta) (fail-soft). */
export function search(hand: i32, avail: i32, placed: i32, alpha: i32, beta: i32): i32 {
  return node(hand, avail, placed, alpha, beta);
}

@inline function pm(j: i32): i32 {
  return load<i32>(PM + (<usize>j << 2));
}

@inline function setPm(j: i32, v: i32): void {
  store<i32>(PM + (<usize>j << 2), v);
}

@inline function complete(m: i32): i32 {
  return i32(load<u16>(COMPLETE + (<usize>m << 1)));
}

@inline function avoid(m: i32): i32 {
  return load<i32>(AVOID + (<usize>m << 2));
}

@inline function withPolarity(j: i32): i32 {
  return load<i32>(WITH_POLARITY + (<usize>j << 2));
}

@inline function polarities(p: i32): i32 {
  return i32(load<u8>(POLARITIES + <usize>p));
}

@inline function winScore(placedAtEnd: i32): i32 {
  return 32 - placedAtEnd;
}

function node(hand: i32, avail: i32, placed: i32, alpha: i32, beta: i32): i32 {
  nodeCount += 1;
  if (++checkIn >= 65536) {
    checkIn = 0;
    poll();
  }
  const o = occ;
  const free = ~o & 0xffff;
  const handPol = polarities(hand);
  const pool = avail | (1 << hand);
  const tbase = THREAT + (<usize>(placed * 8) << 2);
  for (let j = 0; j < 8; j++) {
    const t = complete(pm(j)) & free;
    store<i32>(tbase + (<usize>j << 2), t);
    if (t != 0 && ((handPol >> j) & 1) != 0) return winScore(placed + 1);
  }
  if (placed == 15) return 0;
  let live = false;
  for (let j = 0; j < 8 && !live; j++) {
    let lines = avoid(pm(j ^ 4));
    if (lines == 0) continue;
    const left = popcnt<i32>(pool & withPolarity(j));
    if (left >= 4) live = true;
    else
      for (; lines != 0; lines &= lines - 1) {
        const empty = popcnt<i32>(load<i32>(LINES + (<usize>ctz<i32>(lines) << 2)) & free);
        if (empty > 0 && empty <= left) {
          live = true;
          break;
        }
      }
  }
  if (!live) return 0;
  const best = winScore(placed + 3);
  if (beta > best) {
    beta = best;
    if (alpha >= beta) return best;
  }
  const worst = -winScore(placed + 2);
  if (alpha < worst) {
    alpha = worst;
    if (alpha >= beta) return worst;
  }
  const useTable = 16 - placed >= tableMinEmpty;
  let slot = -1;
  let firstCell = -1;
  let firstGive = -1;
  let kMap = 0;
  let kState = 0;
  if (useTable) {
    canonicalKey(hand);
    kMap = keyMap;
    kState = keyState;
    slot = probe();
    if (slot >= 0) {
      const e = TABLE_AT + (<usize>slot << 4);
      const entry = load<i32>(e);
      const m = (entry >>> 17) & 255;
      if (m != 255) {
        firstCell = i32(load<i8>(INVERSE + <usize>(16 * kMap + (m >> 4))));
        firstGive = i32(load<u8>(PIECE_BACKWARD + <usize>(16 * kState + (m & 15)))) ^ hand;
      }
      const b = load<i32>(e, 12);
      const lo = (b & 255) - 64;
      const hi = ((b >> 8) & 255) - 64;
      if (lo >= beta) return lo;
      if (hi <= alpha) return hi;
      if (lo == hi) return lo;
      if (lo > alpha) alpha = lo;
      if (hi < beta) beta = hi;
    }
  }
  const alphaIn = alpha;
  const kA = keyA;
  const kB = keyB;
  const kC = keyC;
  const nodesBefore = nodeCount;
  let bestScore = -INFINITE;
  let bestCell = -1;
  let bestGive = -1;
  const h0 = hand & 1 ? 0 : 4;
  const h1 = hand & 2 ? 1 : 5;
  const h2 = hand & 4 ? 2 : 6;
  const h3 = hand & 8 ? 3 : 7;
  const p0 = pm(h0);
  const p1 = pm(h1);
  const p2 = pm(h2);
  const p3 = pm(h3);
  const w0 = withPolarity(h0);
  const w1 = withPolarity(h1);
  const w2 = withPolarity(h2);
  const w3 = withPolarity(h3);
  const t0 = load<i32>(tbase + (<usize>(h0 ^ 4) << 2));
  const t1 = load<i32>(tbase + (<usize>(h1 ^ 4) << 2));
  const t2 = load<i32>(tbase + (<usize>(h2 ^ 4) << 2));
  const t3 = load<i32>(tbase + (<usize>(h3 ^ 4) << 2));
  const o0 = withPolarity(h0 ^ 4);
  const o1 = withPolarity(h1 ^ 4);
  const o2 = withPolarity(h2 ^ 4);
  const o3 = withPolarity(h3 ^ 4);
  const aliveFixed = placed < 13 ? avoid(pm(h0 ^ 4)) | avoid(pm(h1 ^ 4)) | avoid(pm(h2 ^ 4)) | avoid(pm(h3 ^ 4)) : 0;
  const aliveBefore = placed < 13 ? aliveFixed | avoid(p0) | avoid(p1) | avoid(p2) | avoid(p3) : 0;
  const last = placed == 14;
  const mbase = <usize>(placed * 256);
  let count = 0;
  for (let rest = free; rest != 0; rest &= rest - 1) {
    const cbit = rest & -rest;
    const c = ctz<i32>(cbit);
    const freeAfter = free & ~cbit;
    let after = 0;
    if ((t0 & freeAfter) != 0) after |= o0;
    if ((t1 & freeAfter) != 0) after |= o1;
    if ((t2 & freeAfter) != 0) after |= o2;
    if ((t3 & freeAfter) != 0) after |= o3;
    const m0 = p0 | cbit;
    const m1 = p1 | cbit;
    const m2 = p2 | cbit;
    const m3 = p3 | cbit;
    if ((complete(m0) & freeAfter) != 0) after |= w0;
    if ((complete(m1) & freeAfter) != 0) after |= w1;
    if ((complete(m2) & freeAfter) != 0) after |= w2;
    if ((complete(m3) & freeAfter) != 0) after |= w3;
    const safe = avail & ~after;
    if (safe == 0) {
      if (worst > bestScore) {
        bestScore = worst;
        bestCell = c;
        bestGive = ctz<i32>(avail);
      }
      continue;
    }
    if (last) {
      if (bestScore < 0) {
        bestScore = 0;
        bestCell = c;
        bestGive = ctz<i32>(safe);
      }
      continue;
    }
    if (placed == 13) {
      for (let qs = safe; qs != 0; qs &= qs - 1) {
        const q = ctz<i32>(qs);
        const qPol = polarities(q);
        const rPol = polarities(ctz<i32>(avail & ~(1 << q)));
        let drawn = false;
        for (let xs = freeAfter; xs != 0 && !drawn; xs &= xs - 1) {
          const x = xs & -xs;
          const y = freeAfter & ~x;
          let completes = false;
          for (let j = 0; j < 8 && !completes; j++) {
            if (((rPol >> j) & 1) == 0) continue;
            let m = pm(j);
            if ((handPol >> j) & 1) m |= cbit;
            if ((qPol >> j) & 1) m |= x;
            if ((complete(m) & y) != 0) completes = true;
          }
          if (!completes) drawn = true;
        }
        const v = drawn ? 0 : winScore(16);
        if (v > bestScore) {
          bestScore = v;
          bestCell = c;
          bestGive = q;
        }
      }
      if (bestScore >= beta) break;
      continue;
    }
    const alive = aliveFixed | avoid(m0) | avoid(m1) | avoid(m2) | avoid(m3);
    const kills = popcnt<i32>(aliveBefore & ~alive);
    const rank = -f64(popcnt<i32>(safe) * 64 + kills) * RANK_UNIT;
    for (let qs = safe; qs != 0; qs &= qs - 1) {
      const q = ctz<i32>(qs);
      const m = (c << 4) | q;
      store<u8>(MOVE_LIST + mbase + <usize>count, m);
      const h = load<f64>(HISTORY + (<usize>m << 3));
      store<f64>(
        MOVE_KEY + ((mbase + <usize>count) << 3),
        c == firstCell && q == firstGive ? 1e300 : rank + (h < HISTORY_CAP ? h : HISTORY_CAP),
      );
      count++;
    }
  }
  if (bestScore > alpha) alpha = bestScore;
  for (let i = 0; i < count && alpha < beta; i++) {
    let pick = i;
    let pickKey = load<f64>(MOVE_KEY + ((mbase + <usize>i) << 3));
    for (let j = i + 1; j < count; j++) {
      const k = load<f64>(MOVE_KEY + ((mbase + <usize>j) << 3));
      if (k > pickKey) {
        pick = j;
        pickKey = k;
      }
    }
    const m = i32(load<u8>(MOVE_LIST + mbase + <usize>pick));
    store<u8>(MOVE_LIST + mbase + <usize>pick, load<u8>(MOVE_LIST + mbase + <usize>i));
    store<f64>(MOVE_KEY + ((mbase + <usize>pick) << 3), load<f64>(MOVE_KEY + ((mbase + <usize>i) << 3)));
    const c = m >> 4;
    const q = m & 15;
    const cbit = 1 << c;
    store<i8>(BOARD + <usize>c, i8(hand));
    occ = o | cbit;
    setPm(h0, p0 | cbit);
    setPm(h1, p1 | cbit);
    setPm(h2, p2 | cbit);
    setPm(h3, p3 | cbit);
    const score = -node(q, avail & ~(1 << q), placed + 1, -beta, -alpha);
    setPm(h0, p0);
    setPm(h1, p1);
    setPm(h2, p2);
    setPm(h3, p3);
    store<i8>(BOARD + <usize>c, -1);
    occ = o;
    if (score > bestScore) {
      bestScore = score;
      bestCell = c;
      bestGive = q;
      if (score > alpha) {
        alpha = score;
        if (alpha >= beta) {
          const at = HISTORY + (<usize>m << 3);
          store<f64>(at, load<f64>(at) + load<f64>(HISTORY_WEIGHT + (<usize>(16 - placed) << 3)));
        }
      }
    }
  }
  if (useTable) {
    keyA = kA;
    keyB = kB;
    keyC = kC;
    const move =
      bestCell < 0
        ? 255
        : 16 * i32(load<i8>(FORWARD + <usize>(16 * kMap + bestCell))) +
          i32(load<u8>(PIECE_FORWARD + <usize>(16 * kState + (bestGive ^ hand))));
    storeEntry(bestScore, alphaIn, beta, nodeCount - nodesBefore, move);
  }
  return bestScore;
}

/** Sets keyA/keyB/keyC, keyMap and keyState to the canonical key of the board with `hand` in hand. */
function canonicalKey(hand: i32): void {
  const least = i32(load<u16>(LEAST + (<usize>occ << 1)));
  let reaching = load<u32>(REACHING + (<usize>occ << 2));
  let bestHigh: u32 = 0xffffffff;
  let bestLow: u32 = 0xffffffff;
  let first = true;
  let bestG = 0;
  let bestState = 0;
  while (reaching != 0) {
    const g = i32(ctz<u32>(reaching));
    reaching &= reaching - 1;
    const inv = INVERSE + <usize>(16 * g);
    let state = 0;
    let high: u32 = 0;
    let low: u32 = 0;
    let k = 0;
    let rest = least;
    while (rest != 0) {
      const j = ctz<i32>(rest);
      rest &= rest - 1;
      const v = i32(load<i8>(BOARD + <usize>i32(load<i8>(inv + <usize>j)))) ^ hand;
      const at = <usize>(16 * state + v);
      const img = u32(load<u8>(REFINE_IMAGE + at));
      state = i32(load<u8>(REFINE_NEXT + at));
      if (k < 8) high = (high << 4) | img;
      else low = (low << 4) | img;
      k++;
    }
    if (first || high < bestHigh || (high == bestHigh && low < bestLow)) {
      bestHigh = high;
      bestLow = low;
      bestG = g;
      bestState = state;
      first = false;
    }
  }
  keyA = least | 0x10000;
  keyB = bestHigh;
  keyC = bestLow;
  keyMap = bestG;
  keyState = bestState;
}

@inline function slotOf(): i32 {
  // Math.imul by 0x9e3779b1, 0x85ebca77, 0xc2b2ae3d (as signed 32-bit constants)
  let h = (keyA * -1640531535) ^ (i32(keyB) * -2048144777) ^ (i32(keyC) * -1028477379);
  h ^= h >>> 15;
  h = h * 0x2c1b3c6d;
  h ^= h >>> 13;
  return h & tableMask;
}

function probe(): i32 {
  probeCount += 1;
  const s = slotOf();
  const a = keyA | (generation << 25);
  const b = i32(keyB);
  const c = i32(keyC);
  for (let i = s; i < s + 2; i++) {
    const e = TABLE_AT + (<usize>i << 4);
    if ((load<i32>(e) & KEY_BITS) == a && load<i32>(e, 4) == b && load<i32>(e, 8) == c) {
      hitCount += 1;
      return i;
    }
  }
  return -1;
}

function storeEntry(score: i32, alpha: i32, beta: i32, work: f64, move: i32): void {
  const s = slotOf();
  const a = keyA | (generation << 25);
  const b = i32(keyB);
  const c = i32(keyC);
  let i = -1;
  for (let j = s; j < s + 2; j++) {
    const e = TABLE_AT + (<usize>j << 4);
    if ((load<i32>(e) & KEY_BITS) == a && load<i32>(e, 4) == b && load<i32>(e, 8) == c) i = j;
  }
  let lo = -INFINITE;
  let hi = INFINITE;
  // the log2 of the subtree's nodes, as solver.ts's 32 - clz32 of an int32 count
  const size = 32 - i32(clz<u32>(u32(i32(<i64>work))));
  const first = TABLE_AT + (<usize>s << 4);
  if (i >= 0) {
    const w = load<i32>(TABLE_AT + (<usize>i << 4), 12);
    lo = (w & 255) - 64;
    hi = ((w >> 8) & 255) - 64;
  } else if (size >= (u32(load<i32>(first)) >> 25 == u32(generation) ? i32(u32(load<i32>(first, 12)) >> 16) : 0)) {
    memory.copy(first + 16, first, 16);
    i = s;
  } else i = s + 1;
  if (score <= alpha) hi = min(hi, score);
  else if (score >= beta) lo = max(lo, score);
  else lo = hi = score;
  const e = TABLE_AT + (<usize>i << 4);
  store<i32>(e, a | (move << 17));
  store<i32>(e, b, 4);
  store<i32>(e, c, 8);
  store<i32>(e, (lo + 64) | ((hi + 64) << 8) | (size << 16), 12);
}
