/** `nimber play <ruleset> <heap...>`: play a game in the terminal against the perfect opponent. */
import { createInterface } from 'node:readline';
import { Command, Option } from '@commander-js/extra-typings';
import { InputError, isInputError, parseNatural } from '../../engine/errors.ts';
import { findMove, legalMoves, validatePosition } from '../../engine/solve/normal/play.ts';
import { parseRuleset } from '../../engine/spec.ts';
import type { Ruleset } from '../../engine/types.ts';
import { describeMove } from '../../engine/wording/move.ts';
import { parseHeapArgs, print } from '../io.ts';
import { cliSequences, computeFlags } from '../compute.ts';
import { withKnownValues } from '../../service/large-heaps.ts';
import { misereOption } from '../options.ts';
import { playConvention, type PlayConvention } from './misere.ts';
import { isGameSpec } from '../../engine/games.ts';
import { boardOption, playGameAction, timeLimitOption } from './games.ts';

/** Moves listed by `moves` (a split game can have very many). */
const LISTED_MOVES = 60;

const HELP = [
  'Type your move as one of:',
  '  the position after it, e.g. "4 12 8"',
  '  "take K from H" (K tokens from heap H, heaps numbered from 1)',
  '  "#N" for move N of the list that "moves" prints',
  'Other words: "moves" lists your legal moves, "hint" analyses the position, "quit" stops.',
].join('\n');

export function playCommand() {
  return new Command('play')
    .description('play against the perfect opponent in the terminal; reads your moves from stdin')
    .argument('<ruleset>', 'ruleset spec, e.g. nim or subtract:squares (see `nimber rulesets`)')
    .argument('[heap...]', 'starting heap (or pile) sizes (games on boards and graphs: none, or --board)')
    .addOption(boardOption())
    .addOption(timeLimitOption(60))
    .addOption(new Option('--engine-first', 'let the engine make the first move'))
    .addOption(new Option('--hints', 'show the nim-sum and the winning moves before each of your moves'))
    .addOption(misereOption())
    .addHelpText('after', '\n' + HELP)
    .action(async (spec, words, opts, command) => {
      if (isGameSpec(spec)) {
        if (words.length > 0)
          throw new InputError(
            `'${spec}' is a game on a board or graph: give its position with --board, not as heap sizes`,
          );
        if (opts.misere)
          throw new InputError(
            `--misere covers heap and pile rulesets; games on boards and graphs ('${spec}') are played under normal play only`,
          );
        await playGameAction(spec, opts);
        return;
      }
      if (opts.board !== undefined)
        throw new InputError(`--board is for games on boards and graphs (cram, chomp, node-kayles), not '${spec}'`);
      if (words.length === 0) throw new InputError('give at least one heap size');
      const parsed = parseRuleset(spec);
      const start = validatePosition(parsed, parseHeapArgs(words));
      // heap games: every value the game can reach, once (from a proved period where there is one)
      const ruleset =
        parsed.kind === 'heap'
          ? await withKnownValues(parsed, Math.max(...start), cliSequences(computeFlags(command)))
          : parsed;
      await playGame(ruleset, start, {
        engineFirst: opts.engineFirst === true,
        hints: opts.hints === true,
        convention: playConvention(opts.misere === true),
      });
    });
}

async function playGame(
  ruleset: Ruleset,
  start: number[],
  options: { engineFirst: boolean; hints: boolean; convention: PlayConvention },
): Promise<void> {
  const rules = options.convention;
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  let position = start;
  print(`${ruleset.title} from ${position.join(' ')}. ${rules.rule}\n${HELP}`);
  try {
    if (options.engineFirst) {
      const done = engineTurn(ruleset, position, rules);
      if (done === null) return;
      position = done;
    }
    let listed: number[][] = [];
    for (;;) {
      if (legalMoves(ruleset, position, 1).moves.length === 0) {
        print(rules.youStuck);
        return;
      }
      if (options.hints) print(rules.analysis(ruleset, position));
      process.stdout.write(`position ${position.join(' ')} — your move> `);
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
        print(HELP);
        continue;
      }
      if (/^moves?$/i.test(line)) {
        const { moves, truncated } = legalMoves(ruleset, position, LISTED_MOVES);
        listed = moves;
        moves.forEach((to, i) => void print(`  #${i + 1}  ${describeMove(position, to)}`));
        if (truncated) print(`  … only the first ${LISTED_MOVES} are listed`);
        continue;
      }
      if (/^hint$/i.test(line)) {
        print(rules.analysis(ruleset, position));
        continue;
      }
      let move: number[] | null;
      try {
        move = readMove(ruleset, position, line, listed);
      } catch (e) {
        if (!isInputError(e)) throw e;
        print(`Not understood: ${e.message}. Type "help" for the move syntax.`);
        continue;
      }
      if (move === null) {
        print(`Not a legal move from ${position.join(' ')}: ${line}. Type "moves" to list them.`);
        continue;
      }
      print(`you: ${describeMove(position, move)}`);
      position = move;
      listed = [];
      const after = engineTurn(ruleset, position, rules);
      if (after === null) return;
      position = after;
    }
  } finally {
    rl.close();
  }
}

/** The engine moves; null when the game is over (it had no move). */
function engineTurn(ruleset: Ruleset, position: number[], rules: PlayConvention): number[] | null {
  const reply = rules.move(ruleset, position);
  if (reply.to === null) {
    print(rules.engineStuck);
    return null;
  }
  const verdict = reply.outcome === 'N' ? 'a winning move' : 'no winning move exists, so it plays for time';
  print(`engine: ${describeMove(position, reply.to)}  (${verdict})`);
  return reply.to;
}

/** Parses one typed move into the position it reaches (null when it is not legal). */
function readMove(ruleset: Ruleset, position: number[], line: string, listed: number[][]): number[] | null {
  const pick = /^#\s*(\d+)$/.exec(line);
  if (pick) {
    if (listed.length === 0) throw new InputError('type "moves" first to list the moves');
    const n = Number(pick[1]);
    if (n < 1 || n > listed.length) throw new InputError(`choose a move between #1 and #${listed.length}`);
    return listed[n - 1];
  }
  const take = /^take\s+(\S+)\s+from\s+(?:heap\s+|pile\s+)?(\S+)$/i.exec(line);
  if (take) {
    const k = parseNatural(take[1], 'K');
    const h = parseNatural(take[2], 'H');
    if (h < 1 || h > position.length) throw new InputError(`there are heaps 1 to ${position.length}, not ${h}`);
    if (k < 1 || k > position[h - 1]) throw new InputError(`heap ${h} holds ${position[h - 1]}, cannot take ${k}`);
    return findMove(
      ruleset,
      position,
      position.map((x, i) => (i === h - 1 ? x - k : x)),
    );
  }
  return findMove(ruleset, position, parseHeapArgs(line.split(/[\s,]+/).filter(Boolean)));
}
