/** `nimber table <game>`: the values of the empty R x C boards of a game played on rectangles. */
import { Command } from '@commander-js/extra-typings';
import { parseNatural } from '../../engine/errors.ts';
import { DEFAULT_TABLE_CELL_MS } from '../../service/games.ts';
import { rectangleTable } from '../../service/operations.ts';
import { print, toJson } from '../io.ts';
import { jsonOption, timeLimitOption } from '../options.ts';

export function tableCommand() {
  return new Command('table')
    .description('Grundy values of the empty R x C boards of a game played on rectangles')
    .argument('<game>', 'a game played on rectangles (see `nimber rulesets`)')
    .option('--rows <range>', 'rows, e.g. 1..5', '1..5')
    .option('--cols <range>', 'columns, e.g. 1..9', '1..9')
    .addOption(timeLimitOption(DEFAULT_TABLE_CELL_MS / 1000).default(undefined))
    .addOption(jsonOption())
    .action((spec, opts) => {
      const cellMs =
        opts.timeLimit === undefined
          ? DEFAULT_TABLE_CELL_MS
          : parseNatural(opts.timeLimit, '--time-limit', 86_400) * 1000;
      const { ruleset, cells, rows, cols } = rectangleTable(spec.replace(/:.*$/, ''), opts.rows, opts.cols, cellMs);
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
