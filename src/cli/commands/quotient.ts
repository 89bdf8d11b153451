/** `nimber quotient <ruleset> --max N`: the misère quotient of a heap game restricted to heaps 0..N. */
import { Command, Option } from '@commander-js/extra-typings';
import type { QuotientReply } from '../../service/misere.ts';
import { quotient } from '../../service/operations.ts';
import { intOption, print, toJson } from '../io.ts';
import { jsonOption } from '../options.ts';

export function quotientCommand() {
  return new Command('quotient')
    .description(
      'the misère quotient of a heap game with heaps 0..N: size, generators, P-portion, the element of each heap',
    )
    .argument('<ruleset>', 'ruleset spec of a game played on heaps (see `nimber rulesets`)')
    .addOption(new Option('--max <N>', 'largest heap').default('30'))
    .addOption(jsonOption())
    .action((spec, opts) => {
      const reply = quotient(spec, intOption(opts.max, '--max'));
      print(opts.json ? toJson(reply) : describeQuotient(reply));
    });
}

function describeQuotient(q: QuotientReply): string {
  const lines = [`misère quotient of ${q.ruleset} (${q.title}), heaps 0..${q.max}`];
  lines.push(`size ${q.size}, P-portion ${q.pPortion.length}: ${q.pPortion.join(', ')}`);
  lines.push(
    `generators (${q.generators.length}): ${q.generators.map((g) => `${g.name} = heap ${g.heap} (${g.relation})`).join(', ') || 'none'}`,
  );
  if (q.relations.length > 0) lines.push(`relations between two generators: ${q.relations.join(', ')}`);
  lines.push('heaps:');
  const width = String(q.max).length;
  for (let h = 0; h <= q.max; h++) lines.push(`  ${String(h).padStart(width)}  ${q.heaps[h]}`);
  lines.push(`size by heap: ${q.sizeByHeap.join(' ')}`);
  if (q.lastGrowth === 0) lines.push('the quotient is trivial: no heap has a move');
  else if (q.growing)
    lines.push(
      `still growing: it last grew at heap ${q.lastGrowth} of ${q.max}, so it may grow without bound (try a larger --max)`,
    );
  else lines.push(`it last grew at heap ${q.lastGrowth} and stayed at ${q.size} elements through heap ${q.max}`);
  if (q.recalibrations > 0)
    lines.push(
      `(${q.recalibrations} recalibration${q.recalibrations === 1 ? '' : 's'}: merges made with fewer heaps that a later heap undid)`,
    );
  return lines.join('\n');
}
