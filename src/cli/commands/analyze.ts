/** `nimber analyze <ruleset> [position...]`: outcome, values and every winning move, under either convention. */
import { exampleSpecs } from '../../engine/spec.ts';
import { Command, Option } from '@commander-js/extra-typings';
import { writeCertificateFile } from '../../adapters/certificate-file.ts';
import { SearchTableFile } from '../../adapters/search-table-file.ts';
import { InputError } from '../../engine/errors.ts';
import type { AnalyzeReply } from '../../service/analyze.ts';
import { readRequest, runOperation } from '../../service/operation-table.ts';
import type { Convention } from '../../engine/types.ts';
import { LISTED_WINNING_MOVES, analysisText } from '../../service/text.ts';
import { type CommandEnv, type ComputeFlags, cliEnv, computeFlags } from '../compute.ts';
import { grouped, print, reportVerification, timeLimitMs, toJson } from '../io.ts';
import { type StatusLine, progressWanted, searchProgressText, statusLine } from '../progress.ts';
import { runNamed } from '../rules-thread.ts';
import { analyzeOnThread } from '../search-thread.ts';
import type { SearchProgress } from '../../engine/types.ts';
import {
  boardOption,
  budgetMs,
  budgetOption,
  conventionOption,
  jsonOption,
  misereOption,
  type NamedGame,
  namedGame,
  rulesOption,
  saveEveryMs,
  saveEveryOption,
  timeLimitOption,
  verifyOption,
} from '../options.ts';

export function analyzeCommand() {
  return new Command('analyze')
    .description('analyze a position: Grundy values, nim-sum, outcome and every winning move')
    .argument('[ruleset]', `ruleset spec, e.g. ${exampleSpecs()} (see \`nimber rulesets\`); none with --rules`)
    .argument(
      '[heap...]',
      'heap (or pile) sizes, any size where a period is proved, e.g. 1000000000000000000 (games on boards and graphs: none, or --board)',
    )
    .addOption(rulesOption())
    .addOption(boardOption())
    .addOption(timeLimitOption())
    .addOption(budgetOption())
    .addOption(jsonOption())
    .addOption(verifyOption())
    .addOption(conventionOption())
    .addOption(misereOption())
    .addOption(
      new Option(
        '--certificate <file>',
        'also write a certificate of the value (games on boards and graphs, normal play), checkable by `nimber verify` (gzip when the name ends in .gz)',
      ),
    )
    .addOption(
      new Option(
        '--certificate-format <version>',
        "the certificate's format: 2, a proof that follows the search (default), or 1, every component reachable from the position (docs/certificates.md)",
      ).choices(['1', '2'] as const),
    )
    .addOption(
      new Option(
        '--certificate-claim <claim>',
        "what the certificate proves: 'value' (the Grundy value; boards' default) or 'outcome' (P or N: one winning move for an N-position; Sprouts' default, whose analysis decides the outcome first)",
      ).choices(['value', 'outcome'] as const),
    )
    .addOption(
      new Option(
        '--all-moves',
        `every winning move: without it, text lists the first ${LISTED_WINNING_MOVES} of a heap game's, and a searched game (boards, graphs, Sprouts) shows the first one found`,
      ),
    )
    .addOption(
      new Option(
        '--resume <file>',
        "keep the search's table in this file (games on boards and graphs): a run killed or stopped by its time limit, run again with the same file, resumes from the facts it had found",
      ),
    )
    .addOption(saveEveryOption())
    .action(async (first, given, opts, command) => {
      const { game, words } = namedGame(first, given, opts.rules, true);
      if (opts.rules !== undefined && (opts.resume !== undefined || opts.certificate !== undefined))
        throw new InputError('--resume and --certificate take a ruleset spec, not --rules');
      const spec = 'ruleset' in game ? game.ruleset : '';
      if (opts.certificateFormat !== undefined && opts.certificate === undefined)
        throw new InputError('--certificate-format is the format of --certificate: give --certificate <file> too');
      if (opts.certificateClaim !== undefined && opts.certificate === undefined)
        throw new InputError('--certificate-claim is the claim of --certificate: give --certificate <file> too');
      if (opts.certificateClaim === 'outcome' && opts.certificateFormat === '1')
        throw new InputError('--certificate-claim outcome needs format 2: format 1 lists every value');
      if (opts.saveEvery !== undefined && opts.resume === undefined)
        throw new InputError('--save-every saves the table of --resume: give --resume <file> too');
      const flags = computeFlags(command);
      const limits = { searchMs: timeLimitMs(opts.timeLimit), periodBudgetMs: budgetMs(opts.budget) };
      const progress = progressWanted(opts.json);
      if (opts.resume !== undefined && opts.certificate === undefined && opts.verify === undefined) {
        // a long search the user means to keep: on a thread of its own, so Ctrl-C stops it with its table saved
        const { cache, cacheDir, threads } = flags;
        const reply = await analyzeOnThread({
          request: {
            ruleset: spec,
            heaps: words.length > 0 ? words : undefined,
            board: opts.board,
            convention: opts.convention,
          },
          limits,
          resumeFile: opts.resume,
          saveEveryMs: saveEveryMs(opts.saveEvery),
          flags: { cache, cacheDir, threads },
          progress,
        });
        print(opts.json ? toJson(reply) : analysisText(reply, opts.allMoves ? Number.POSITIVE_INFINITY : undefined));
        return;
      }
      const resume =
        opts.resume === undefined
          ? undefined
          : { keeper: new SearchTableFile(opts.resume), saveEveryMs: saveEveryMs(opts.saveEvery) };
      const line = statusLine(progress);
      const command_ = {
        limits,
        progress: { search: (stats: SearchProgress) => line.update(searchProgressText(stats)) },
        resume,
      };
      try {
        await analyzeAction(
          { game, words, board: opts.board, convention: opts.convention },
          opts,
          flags,
          command_,
          line,
        );
      } finally {
        line.stop();
      }
    });
}

/** The analysis the options ask for (with a certificate, checked by the oracle, or plain), printed. */
async function analyzeAction(
  asked: { game: NamedGame; words: string[]; board?: string; convention: Convention },
  opts: {
    certificate?: string;
    certificateFormat?: '1' | '2';
    certificateClaim?: 'value' | 'outcome';
    json?: true;
    verify?: true;
    allMoves?: true;
  },
  flags: ComputeFlags,
  command: CommandEnv,
  line: StatusLine,
) {
  const moves = opts.allMoves ? Number.POSITIVE_INFINITY : undefined;
  const heaps = asked.words.length > 0 ? asked.words : undefined;
  if (opts.certificate !== undefined) {
    const request = readRequest('certificate', {
      ruleset: 'ruleset' in asked.game ? asked.game.ruleset : '',
      heaps,
      board: asked.board,
      format: opts.certificateFormat === '1' ? 1 : 2,
      claim: opts.certificateClaim,
      convention: asked.convention,
    });
    const { analysis, lines, certificate } = await runOperation('certificate', request, cliEnv(flags, command));
    writeCertificateFile(opts.certificate, lines);
    const written = { file: opts.certificate, ...certificate };
    line.stop();
    print(
      opts.json
        ? toJson({ ...analysis, certificate: written })
        : `${analysisText(analysis, moves)}\ncertificate: ${opts.certificate} (format ${certificate.format}, ${certificate.claim === 'outcome' ? 'the outcome' : 'the value'}, ${grouped(certificate.facts)} facts, checked)`,
    );
    return;
  }
  const env = cliEnv({ ...flags, json: opts.json }, command);
  const request = {
    ...asked.game,
    heaps,
    board: asked.board,
    convention: asked.convention,
    verify: opts.verify,
    allMoves: opts.allMoves,
  };
  const { verification, ...reply } = await runNamed('analyze', request, env);
  if (verification) reportVerification({ reply, verification });
  line.stop();
  print(opts.json ? toJson(reply) : analysisText(reply as AnalyzeReply, moves));
}
