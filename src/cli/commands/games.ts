/** The CLI's words for games on boards and graphs: `nimber analyze cram:4x5`, `--board`, and `nimber table`. */
import { createInterface } from 'node:readline';
import { Command, Option } from '@commander-js/extra-typings';
import { isInputError, parseNatural } from '../../engine/errors.ts';
import { GameSolver } from '../../engine/solve/search/solver.ts';
import { parseGameSpec } from '../../engine/games.ts';
import { Oracle } from '../../engine/solve/oracle/normal.ts';
import type { GameRuleset } from '../../engine/types.ts';
import {
  DEFAULT_SEARCH_MS,
  DEFAULT_TABLE_CELL_MS,
  analyzeGame,
  gamePosition,
  gameTable,
  parseSideRange,
  type GameAnalysisReply,
} from '../../service/games.ts';
import { checkAgreement, print, toJson } from '../io.ts';
import { jsonOption } from '../options.ts';

export const boardOption = () =>
  new Option(
    '--board <text>',
    "a position of a game on a board or graph, e.g. '..../.##./....' for Cram (rows split by '/' or \\n)",
  );
export const timeLimitOption = (seconds: number) =>
  new Option('--time-limit <seconds>', `stop a search after this many seconds (default ${seconds})`);

/** Seconds from the option, in milliseconds. */
export function timeLimitMs(text: string | undefined, fallbackMs: number): number {
  return text === undefined ? fallbackMs : parseNatural(text, '--time-limit', 86_400) * 1000;
}

/** `nimber analyze <game> [--board text]`: value, outcome and every winning move as resulting positions. */
export function analyzeGameAction(
  spec: string,
  opts: { board?: string; json?: boolean; verify?: boolean; timeLimit?: string },
): void {
  const ruleset = parseGameSpec(spec);
  const reply = analyzeGame(ruleset, opts.board, { timeLimitMs: timeLimitMs(opts.timeLimit, DEFAULT_SEARCH_MS) });
  if (opts.verify) verifyWithOracle(ruleset, opts.board, reply);
  print(opts.json ? toJson(reply) : describeGameAnalysis(reply));
}

function verifyWithOracle(ruleset: GameRuleset, board: string | undefined, reply: GameAnalysisReply): void {
  const position = gamePosition(ruleset, board);
  const oracle = new Oracle(ruleset);
  checkAgreement(
    { outcome: reply.outcome, winningMoves: reply.winningMoves.map((m) => m.to).sort() },
    {
      outcome: oracle.outcome(position),
      winningMoves: oracle
        .winningMoves(position)
        .map((m) => ruleset.formatPosition(m.to))
        .sort(),
    },
  );
}

export function describeGameAnalysis(a: GameAnalysisReply): string {
  const lines = [`${a.title}: ${a.position}`];
  lines.push(
    a.outcome === 'P'
      ? `P-position: Grundy value 0, the player to move loses`
      : `N-position: Grundy value ${a.grundy}, the player to move wins`,
  );
  if (a.outcome === 'N') {
    lines.push(`winning moves (${a.winningMoves.length}):`);
    for (const m of a.winningMoves) lines.push(`  ${m.move} -> ${m.to}`);
  }
  lines.push(`(${a.nodes} positions searched in ${(a.elapsedMs / 1000).toFixed(2)} s)`);
  return lines.join('\n');
}

export function tableCommand() {
  return new Command('table')
    .description(
      'Grundy values of the empty R x C boards of a game played on rectangles (cram, chomp, node-kayles grids)',
    )
    .argument('<game>', 'a game on boards, e.g. cram (see `nimber rulesets`)')
    .option('--rows <range>', 'rows, e.g. 1..5', '1..5')
    .option('--cols <range>', 'columns, e.g. 1..9', '1..9')
    .addOption(timeLimitOption(DEFAULT_TABLE_CELL_MS / 1000).default(undefined))
    .addOption(jsonOption())
    .action((spec, opts) => {
      const ruleset = parseGameSpec(spec.replace(/:.*$/, ''));
      const rows = parseSideRange(opts.rows, '--rows');
      const cols = parseSideRange(opts.cols, '--cols');
      const cells = gameTable(ruleset, rows, cols, timeLimitMs(opts.timeLimit, DEFAULT_TABLE_CELL_MS));
      if (opts.json) {
        print(toJson({ ruleset: ruleset.spec, cells }));
        return;
      }
      const width = Math.max(3, ...cells.map((c) => String(c.grundy ?? '?').length + 1));
      const pad = (s: string) => s.padStart(width);
      const lines = [
        `${ruleset.title}: Grundy values of R x C boards (? = not finished within the time limit)`,
        pad('R\\C') + Array.from({ length: cols.to - cols.from + 1 }, (_, i) => pad(String(cols.from + i))).join(''),
      ];
      for (let r = rows.from; r <= rows.to; r++) {
        lines.push(
          pad(String(r)) +
            cells
              .filter((c) => c.rows === r)
              .map((c) => pad(c.grundy === null ? '?' : String(c.grundy)))
              .join(''),
        );
      }
      print(lines.join('\n'));
    });
}

const GAME_HELP = [
  'Type your move as "#N" for move N of the list that "moves" prints, or as the position after it.',
  'Other words: "moves" lists your legal moves, "hint" shows the value and the winning moves, "quit" stops.',
].join('\n');

/** `nimber play <game> [--board text]`: play a game on a board or graph in the terminal; one solver (and its table) for the whole game. */
export async function playGameAction(
  spec: string,
  opts: { board?: string; engineFirst?: boolean; hints?: boolean; timeLimit?: string },
): Promise<void> {
  const ruleset = parseGameSpec(spec) as GameRuleset<unknown>;
  let position = gamePosition(ruleset, opts.board);
  const solver = new GameSolver(ruleset, { timeLimitMs: timeLimitMs(opts.timeLimit, DEFAULT_SEARCH_MS) });
  const show = (p: unknown) => ruleset.formatPosition(p) || '(empty)';
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  print(`${ruleset.title} from ${show(position)}. The player who cannot move loses.\n${GAME_HELP}`);
  /** The engine moves; false when it had no move. */
  const engineTurn = (): boolean => {
    const winning = solver.winningMoves(position);
    const to = winning[0] ?? firstOf(ruleset.moves(position));
    if (to === undefined) {
      print('The engine has no move: you win!');
      return false;
    }
    print(
      `engine: ${ruleset.describeMove(position, to)} -> ${show(to)}  (${winning.length > 0 ? 'a winning move' : 'no winning move exists, so it plays for time'})`,
    );
    position = to;
    return true;
  };
  const hint = () => {
    const g = solver.grundy(position);
    const winning = g === 0 ? [] : solver.winningMoves(position);
    print(
      g === 0
        ? 'Grundy value 0: every move loses against perfect play.'
        : `Grundy value ${g}: winning moves: ${winning.map((to) => `${ruleset.describeMove(position, to)} -> ${show(to)}`).join('; ')}`,
    );
  };
  try {
    if (opts.engineFirst && !engineTurn()) return;
    let listed: unknown[] = [];
    for (;;) {
      const moves = Array.from(ruleset.moves(position));
      if (moves.length === 0) {
        print('You have no move left: the engine wins.');
        return;
      }
      if (opts.hints) hint();
      process.stdout.write(`position ${show(position)} — your move> `);
      const next = await lines.next();
      if (next.done) {
        print('\nEnd of input: game abandoned.');
        return;
      }
      const line = next.value.trim();
      if (line === '') continue;
      if (/^(q|quit|exit)$/i.test(line)) {
        print('You resigned. Bye.');
        return;
      }
      if (/^(help|\?)$/i.test(line)) {
        print(GAME_HELP);
        continue;
      }
      if (/^moves?$/i.test(line)) {
        listed = moves.slice(0, 60);
        listed.forEach((to, i) => void print(`  #${i + 1}  ${ruleset.describeMove(position, to)} -> ${show(to)}`));
        if (moves.length > listed.length) print(`  … only the first ${listed.length} are listed`);
        continue;
      }
      if (/^hint$/i.test(line)) {
        hint();
        continue;
      }
      let move: unknown;
      const pick = /^#\s*(\d+)$/.exec(line);
      if (pick) {
        const n = Number(pick[1]);
        if (listed.length === 0 || n < 1 || n > listed.length) {
          print(
            listed.length === 0
              ? 'Type "moves" first to list the moves.'
              : `Choose a move between #1 and #${listed.length}.`,
          );
          continue;
        }
        move = listed[n - 1];
      } else {
        try {
          const key = ruleset.formatPosition(ruleset.parsePosition(line));
          move = moves.find((m) => ruleset.formatPosition(m) === key);
        } catch (e) {
          if (!isInputError(e)) throw e;
          print(`Not understood: ${e.message}. Type "help".`);
          continue;
        }
        if (move === undefined) {
          print(`Not a legal move from ${show(position)}: ${line}. Type "moves" to list them.`);
          continue;
        }
      }
      print(`you: ${ruleset.describeMove(position, move)} -> ${show(move)}`);
      position = move;
      listed = [];
      if (!engineTurn()) return;
    }
  } finally {
    rl.close();
  }
}

function firstOf<T>(items: Iterable<T>): T | undefined {
  for (const item of items) return item;
  return undefined;
}
