/** `nimber play <ruleset> [position...]`: play against the perfect opponent in the terminal, any game, either convention. */
import { createInterface } from 'node:readline';
import { exampleSpecs } from '../../engine/spec.ts';
import { Command, Option } from '@commander-js/extra-typings';
import { isInputError } from '../../engine/errors.ts';
import type { ServiceEnv } from '../../service/env.ts';
import type { OperationInput } from '../../service/operation-table.ts';
import type { PlayAction, PlayReply } from '../../service/play.ts';
import { print, timeLimitMs } from '../io.ts';
import { cliEnv, computeFlags } from '../compute.ts';
import { boardOption, conventionOption, misereOption, namedGame, rulesOption, timeLimitOption } from '../options.ts';
import { runNamed } from '../rules-thread.ts';

export function playCommand() {
  return new Command('play')
    .description('play against the perfect opponent in the terminal; reads your moves from stdin')
    .argument('[ruleset]', `ruleset spec, e.g. ${exampleSpecs()} (see \`nimber rulesets\`); none with --rules`)
    .argument('[heap...]', 'starting heap (or pile) sizes (games on boards and graphs: none, or --board)')
    .addOption(rulesOption())
    .addOption(boardOption())
    .addOption(timeLimitOption())
    .addOption(new Option('--engine-first', 'let the engine make the first move'))
    .addOption(new Option('--hints', 'show the analysis and the winning moves before each of your moves'))
    .addOption(conventionOption())
    .addOption(misereOption())
    .action(async (first, given, opts, command) => {
      const { game, words } = namedGame(first, given, opts.rules, true);
      // the game's search (and its table) serves every turn: the session's memory is this command's
      const env = cliEnv(computeFlags(command), {
        limits: { searchMs: timeLimitMs(opts.timeLimit) },
        playMemory: new Map<string, unknown>(),
      });
      const start = { ...game, heaps: words.length > 0 ? words : undefined, board: opts.board };
      await playInTerminal({ ...start, convention: opts.convention }, env, {
        engineFirst: opts.engineFirst === true,
        hints: opts.hints === true,
      });
    });
}

/**
 * The terminal loop: each line is one turn of the table's `play` operation at the position the last
 * turn reached (its `state`), until someone is stuck or the player quits.
 */
async function playInTerminal(
  game: Omit<OperationInput<'play'>, 'action' | 'move'>,
  env: ServiceEnv,
  options: { engineFirst: boolean; hints: boolean },
): Promise<void> {
  let at = game;
  let position = '';
  let drawing: string | undefined;
  const turn = async (action: PlayAction, move?: string): Promise<PlayReply> => {
    const reply = await runNamed('play', { ...at, action, move }, env);
    at = { ...at, heaps: reply.state.heaps, board: reply.state.board };
    position = reply.position;
    drawing = reply.drawing;
    return reply;
  };
  const opened = await turn('open');
  let over = opened.over;
  const rl = createInterface({ input: process.stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  print(`${opened.opening}\n${opened.help}`);
  /** Prints the engine's move, or that it had none. */
  const engineSaid = (reply: PlayReply) => {
    if (reply.engine) {
      // a game decided by a result says what the engine knows (proved, or its best move found so far)
      const why =
        'note' in reply.engine
          ? reply.engine.note
          : reply.engine.winning
            ? 'a winning move'
            : 'no winning move exists, so it plays for time';
      print(`engine: ${reply.engine.words}  (${why})`);
    }
    over = reply.over;
  };
  try {
    if (options.engineFirst && over === null) engineSaid(await turn('engine'));
    for (;;) {
      if (drawing !== undefined) print(drawing);
      if (over !== null) {
        print(over.words);
        return;
      }
      if (options.hints) print((await turn('hint')).hint ?? '');
      process.stdout.write(`position ${position} — your move> `);
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
        print(opened.help!);
        continue;
      }
      if (/^moves?$/i.test(line)) {
        const { moves = [], truncated } = await turn('moves');
        moves.forEach((move, i) => void print(`  #${i + 1}  ${move.words}`));
        if (truncated) print(`  … only the first ${moves.length} are listed`);
        continue;
      }
      if (/^hint$/i.test(line)) {
        print((await turn('hint')).hint ?? '');
        continue;
      }
      let reply: PlayReply;
      try {
        reply = await turn('move', line);
      } catch (e) {
        if (!isInputError(e)) throw e;
        print(`Not understood: ${e.message}. Type "help" for the move syntax.`);
        continue;
      }
      if (reply.player === null || reply.player === undefined) {
        const why = reply.refused ?? `not a legal move from ${reply.position}: ${line}`;
        print(`${why[0].toUpperCase()}${why.slice(1)}. Type "moves" to list them.`);
        continue;
      }
      print(`you: ${reply.player.words}`);
      engineSaid(reply);
    }
  } finally {
    rl.close();
  }
}
