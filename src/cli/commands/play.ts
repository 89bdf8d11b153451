/** `nimber play <ruleset> [position...]`: play against the perfect opponent in the terminal, any game, either convention. */
import { createInterface } from 'node:readline';
import { exampleSpecs } from '../../engine/spec.ts';
import { Command, Option } from '@commander-js/extra-typings';
import { isInputError } from '../../engine/errors.ts';
import { LISTED_MOVES, openPlay, type PlaySession } from '../../service/play.ts';
import { print, timeLimitMs } from '../io.ts';
import { cliEnv, computeFlags } from '../compute.ts';
import { boardOption, conventionOption, misereOption, timeLimitOption } from '../options.ts';

export function playCommand() {
  return new Command('play')
    .description('play against the perfect opponent in the terminal; reads your moves from stdin')
    .argument('<ruleset>', `ruleset spec, e.g. ${exampleSpecs()} (see \`nimber rulesets\`)`)
    .argument('[heap...]', 'starting heap (or pile) sizes (games on boards and graphs: none, or --board)')
    .addOption(boardOption())
    .addOption(timeLimitOption(60))
    .addOption(new Option('--engine-first', 'let the engine make the first move'))
    .addOption(new Option('--hints', 'show the analysis and the winning moves before each of your moves'))
    .addOption(conventionOption())
    .addOption(misereOption())
    .action(async (spec, words, opts, command) => {
      const game = await openPlay(
        {
          ruleset: spec,
          position: { heaps: words, board: opts.board },
          convention: opts.convention,
          limits: { timeLimitMs: timeLimitMs(opts.timeLimit) },
        },
        cliEnv(computeFlags(command)),
      );
      await playInTerminal(game, { engineFirst: opts.engineFirst === true, hints: opts.hints === true });
    });
}

/** The terminal loop: the player's typed moves against the session's engine, until someone is stuck or quits. */
async function playInTerminal(game: PlaySession, options: { engineFirst: boolean; hints: boolean }): Promise<void> {
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  print(`${game.opening}\n${game.help}`);
  /** The engine moves; false when it had no move (the game is over). */
  const engineTurn = (): boolean => {
    const reply = game.engineMove();
    if (reply === null) {
      print(game.engineStuck);
      return false;
    }
    print(
      `engine: ${reply.move.words}  (${reply.winning ? 'a winning move' : 'no winning move exists, so it plays for time'})`,
    );
    return true;
  };
  try {
    if (options.engineFirst && !engineTurn()) return;
    for (;;) {
      if (game.isOver()) {
        print(game.youStuck);
        return;
      }
      if (options.hints) print(game.hint());
      process.stdout.write(`position ${game.position()} — your move> `);
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
        print(game.help);
        continue;
      }
      if (/^moves?$/i.test(line)) {
        const { moves, truncated } = game.listMoves(LISTED_MOVES);
        moves.forEach((move, i) => void print(`  #${i + 1}  ${move.words}`));
        if (truncated) print(`  … only the first ${LISTED_MOVES} are listed`);
        continue;
      }
      if (/^hint$/i.test(line)) {
        print(game.hint());
        continue;
      }
      let move: ReturnType<PlaySession['playTyped']>;
      try {
        move = game.playTyped(line);
      } catch (e) {
        if (!isInputError(e)) throw e;
        print(`Not understood: ${e.message}. Type "help" for the move syntax.`);
        continue;
      }
      if (move === null) {
        print(`Not a legal move from ${game.position()}: ${line}. Type "moves" to list them.`);
        continue;
      }
      print(`you: ${move.words}`);
      if (!engineTurn()) return;
    }
  } finally {
    rl.close();
  }
}
