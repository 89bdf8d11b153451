/** `nimber quotient <ruleset> --max N`: the misère quotient of a heap game restricted to heaps 0..N. */
import { Command, Option } from '@commander-js/extra-typings';
import { quotientFile } from '../../adapters/quotient-file.ts';
import { ENGINE_ENV } from '../../service/env.ts';
import { QUOTIENT_SIZE_LIMIT, type QuotientProgress, type QuotientReply } from '../../service/misere.ts';
import { readRequest, runOperation } from '../../service/operation-table.ts';
import { MAX_QUOTIENT_RECALIBRATIONS, MAX_QUOTIENT_STATES } from '../../service/request-schemas.ts';
import { InputError, parseNatural } from '../../engine/errors.ts';
import { grouped, intOption, print, toJson } from '../io.ts';
import { jsonOption } from '../options.ts';
import { progressBar, progressWanted } from '../progress.ts';

export function quotientCommand() {
  return new Command('quotient')
    .description(
      'the misère quotient of a heap game with heaps 0..N: size, generators, P-portion, the element of each heap',
    )
    .argument('<ruleset>', 'ruleset spec of a game played on heaps (see `nimber rulesets`)')
    .addOption(new Option('--max <N>', 'largest heap').default('30'))
    .addOption(
      new Option(
        '--solve',
        'compute heaps up to where the periodicity theorem proves the quotient (at most heap 1,000), else up to --max',
      ),
    )
    .addOption(
      new Option(
        '--max-work <steps>',
        'most steps of the construction (one step is about one monoid product; 2^33, 1e10; default 1e9), the same on every machine',
      ),
    )
    .addOption(
      new Option(
        '--max-size <elements>',
        `most elements of the quotient and of each reduced trial monoid (default 1,500; at most ${grouped(MAX_SIZE_OPTION)})`,
      ),
    )
    .addOption(
      new Option(
        '--max-states <states>',
        `most verification states (element, option set) of one heap (default 300,000; at most ${grouped(MAX_STATES_OPTION)})`,
      ),
    )
    .addOption(
      new Option(
        '--max-recalibrations <n>',
        `most recalibrations while adding one heap (default 40; at most ${grouped(MAX_RECALIBRATIONS_OPTION)})`,
      ),
    )
    .addOption(
      new Option(
        '--verbose',
        'progress within each heap on stderr, one line per phase (guess, reduce, verify, recalibrate) and every few seconds',
      ),
    )
    .addOption(
      new Option(
        '--store <file>',
        'keep the partial quotient in this file after each heap and resume from it (a killed run goes on from its last heap)',
      ),
    )
    .addOption(jsonOption())
    .action(async (spec, opts) => {
      const max = intOption(opts.max, '--max');
      const maxWork = opts.maxWork === undefined ? undefined : parseNatural(opts.maxWork, '--max-work');
      if (maxWork !== undefined && maxWork < 1) throw new InputError('--max-work must be at least 1');
      const maxSize = positiveOption(opts.maxSize, '--max-size', MAX_SIZE_OPTION);
      const maxStates = positiveOption(opts.maxStates, '--max-states', MAX_STATES_OPTION);
      const maxRecalibrations = positiveOption(
        opts.maxRecalibrations,
        '--max-recalibrations',
        MAX_RECALIBRATIONS_OPTION,
      );
      const request = readRequest('quotient', {
        ruleset: spec,
        max,
        solve: opts.solve === true,
        maxWork,
        maxSize,
        maxStates,
        maxRecalibrations,
      });
      const t0 = Date.now();
      let lastLine = 0;
      let lastPhase = '';
      // heap by heap on a terminal: the quotient's order so far (Dawson's Kayles takes minutes past heap 30)
      const bar = await progressBar(progressWanted(opts.json) && !opts.verbose, 'Misère quotient', 'heaps');
      const env = {
        ...ENGINE_ENV,
        progress: {
          quotientHeap: (heap: number, size: number, steps: number) =>
            bar.update(heap, max, `heap ${heap}: order ${size}, ${steps.toExponential(1)} steps`),
          quotient: (p: QuotientProgress) => {
            const elapsed = Date.now() - t0;
            const phase = `${p.heap} ${p.round} ${p.phase} ${p.trial} ${p.size > 0 && p.phase === 'reduce'}`;
            // every phase change, trial and reduction, and a heartbeat at most every VERBOSE_BEAT ms within one
            if (opts.verbose && (phase !== lastPhase || elapsed - lastLine >= VERBOSE_BEAT)) {
              process.stderr.write(`[${(elapsed / 1000).toFixed(1)} s] ${progressText(p)}\n`);
              lastLine = elapsed;
            }
            lastPhase = phase;
            bar.update(p.heap - 1, max, progressText(p));
          },
        },
        ...(opts.store === undefined ? {} : { quotientStore: quotientFile(opts.store) }),
      };
      let reply: QuotientReply;
      try {
        reply = await runOperation('quotient', request, env);
      } finally {
        bar.stop();
      }
      print(opts.json ? toJson(reply) : describeQuotient(reply));
    });
}

/** Milliseconds between two --verbose lines within one phase. */
const VERBOSE_BEAT = 5000;
/**
 * The largest --max-size: a reduced trial keeps its products by the heaps (size × heaps), so the
 * limit is the largest trial monoid; a quotient output is tabulated, up to MAX_TABLE_SIZE elements.
 */
const MAX_SIZE_OPTION = QUOTIENT_SIZE_LIMIT;
/** The largest --max-states. */
const MAX_STATES_OPTION = MAX_QUOTIENT_STATES;
/** The largest --max-recalibrations. */
const MAX_RECALIBRATIONS_OPTION = MAX_QUOTIENT_RECALIBRATIONS;

/** A positive integer option up to `max`, or undefined when not given. */
function positiveOption(text: string | undefined, name: string, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = parseNatural(text, name, max);
  if (value < 1) throw new InputError(`${name} must be at least 1`);
  return value;
}

/** One line saying where a construction is within a heap. */
function progressText(p: QuotientProgress): string {
  const n = (x: number) => grouped(x);
  const at = `heap ${p.heap}${p.round > 0 ? `, recalibration ${p.round}` : ''}`;
  const steps = `${p.steps.toExponential(2)} steps`;
  switch (p.phase) {
    case 'guess':
      return `${at}: guessing from the quotient of the heaps before it (order ${n(p.size)}), ${steps}`;
    case 'reduce':
      return p.size > 0
        ? `${at}: reduced a trial of ${n(p.trial)} elements to order ${n(p.size)}, ${steps}`
        : `${at}: marking a trial of ${n(p.trial)} elements, ${n(p.reached)} reached, ${steps}`;
    case 'verify':
      return `${at}: verifying order ${n(p.size)}, ${n(p.states)} states, ${steps}`;
    case 'recalibrate':
      return `${at}: position ${p.wrong.join(' ')} was wrong, freeing heaps, ${steps}`;
  }
}

function describeQuotient(q: QuotientReply): string {
  const lines = [`misère quotient of ${q.ruleset} (${q.title}), heaps 0..${q.max}`];
  lines.push(`size ${q.size}, P-portion ${q.pPortion.length}: ${q.pPortion.join(', ')}`);
  lines.push(
    `generators (${q.generators.length}): ${q.generators.map((g) => `${g.name} = heap ${g.heap} (${g.relation})`).join(', ') || 'none'}`,
  );
  if (q.relations.length > 0)
    lines.push(`relations (${q.relations.length}, complete: they rebuild the quotient): ${q.relations.join(', ')}`);
  lines.push('pretending function (heap: element):');
  const width = String(q.max).length;
  for (let h = 0; h <= q.max; h++) lines.push(`  ${String(h).padStart(width)}  ${q.heaps[h]}`);
  lines.push(`size by heap: ${q.sizeByHeap.join(' ')}`);
  if (q.solved)
    lines.push(
      `solved: the pretending function has period ${q.solved.period} from heap ${q.solved.preperiod} (proved by the periodicity theorem from heaps 0..${q.solved.proofLength - 1}), so this is the quotient of every heap`,
    );
  if (q.lastGrowth === 0) lines.push('the quotient is trivial: no heap has a move');
  else if (q.growing)
    lines.push(
      `still growing: it last grew at heap ${q.lastGrowth} of ${q.max}, so it may grow without bound (try a larger --max)`,
    );
  else lines.push(`it last grew at heap ${q.lastGrowth} and stayed at ${q.size} elements through heap ${q.max}`);
  if (!q.solved && q.lastGrowth > 0)
    lines.push('not solved: no period of the pretending function is proved by the periodicity theorem in this range');
  if (q.recalibrations > 0)
    lines.push(
      `(${q.recalibrations} recalibration${q.recalibrations === 1 ? '' : 's'}: merges made with fewer heaps that a later heap undid)`,
    );
  return lines.join('\n');
}
