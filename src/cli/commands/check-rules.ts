/**
 * `nimber check-rules <file> [position...]`: plays random lines of a rules file's game and compares
 * the solver (with the declared components and key) against plain values over the declared moves;
 * prints each mistake found in one line and exits 2, or says how much it checked and exits 0.
 */
import { resolve } from 'node:path';
import { Command, Option } from '@commander-js/extra-typings';
import { InputError, parseNatural } from '../../engine/errors.ts';
import { ENGINE_ENV } from '../../service/env.ts';
import { grouped, print, timeLimitMs, toJson } from '../io.ts';
import { jsonOption, timeLimitOption } from '../options.ts';
import { runNamed } from '../rules-thread.ts';

export function checkRulesCommand() {
  return new Command('check-rules')
    .description(
      'check a rules file (docs/your-own-game.md): random lines of play, the solver with your components and key against plain values over your moves alone; reports a key that merges different positions, components that are not independent, moves that never end and positions that do not read back through your format, one line each (exit 2)',
    )
    .argument('<file>', 'a rules file: a JavaScript (.js, .mjs) or TypeScript (.ts, .mts) module')
    .argument('[position...]', "positions to start from, as your rules' text (default: the rules' start)")
    .addOption(new Option('--lines <N>', 'random lines of play (default 30)'))
    .addOption(new Option('--seed <S>', 'seed of the random choices (default 1): the same seed plays the same lines'))
    .addOption(timeLimitOption(60))
    .addOption(jsonOption())
    .action(async (file, positions, opts) => {
      const reply = await runNamed(
        'check-rules',
        {
          rules: { file: resolve(file) },
          positions: positions.length > 0 ? positions : undefined,
          lines: opts.lines === undefined ? undefined : parseNatural(opts.lines, '--lines', 100_000),
          seed: opts.seed === undefined ? undefined : parseNatural(opts.seed, '--seed'),
        },
        { ...ENGINE_ENV, limits: { searchMs: timeLimitMs(opts.timeLimit) ?? 60_000 } },
      );
      const { title, problems, checked, skipped, stopped } = reply;
      if (opts.json) print(toJson(reply));
      else {
        for (const problem of problems) print(`mistake: ${problem}`);
        const scope = `${grouped(checked)} positions compared${skipped > 0 ? `, ${grouped(skipped)} too large for the plain check` : ''}${stopped ? '; stopped at the time limit' : ''}`;
        if (problems.length === 0) print(`${title}: no mistake found (${scope})`);
      }
      if (problems.length > 0)
        throw new InputError(
          `check-rules found ${problems.length === 1 ? 'a mistake' : `${problems.length} mistakes`} in ${file}`,
        );
    });
}
