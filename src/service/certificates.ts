/**
 * Certificates of board and graph values: the analysis of a position written with the facts a
 * checker needs (engine/certificate: version 2, a proof that follows the search, by default;
 * version 1, the whole closure, on request), and the check of such a file from the game's rules
 * alone. Pure: the faces read and write the lines.
 */
import { type QuartoProofReply, quartoProofText } from '../engine/families/quarto/proof-verify.ts';
import { describeKind } from '../engine/capabilities.ts';
import {
  type CertificateFormat,
  type CheckableGame,
  buildCertificate,
  buildProof,
  checkCertificate,
} from '../engine/certificate/index.ts';
import { InputError } from '../engine/errors.ts';
import { SearchStopped } from '../engine/solve/search/solver.ts';
import { parseRuleset } from '../engine/spec.ts';
import type { GameRuleset, Outcome, Ruleset } from '../engine/types.ts';
import { boardOf, searchOptions } from './analyze.ts';
import { type ConventionSearch, type GameAnalysisReply, analyzeGame, conventionSearch, gamePosition } from './games.ts';
import { type AnalyzeRequest, conventionOf, rulesetOf } from './requests.ts';
import type { ServiceEnv } from './env.ts';
import { type ByKind, byKind } from './by-kind.ts';

/** A certificate as written: its lines and what it says. */
export interface CertificateSummary {
  /** The header's game: a spec whose reader reads every component. */
  game: string;
  /** The format's version: 2 (proof facts) or 1 (the closure). */
  format: CertificateFormat;
  /** What the header claims: the Grundy value, or (format 2, on request) only the outcome. */
  claim: CertificateClaimKind;
  facts: number;
  /** True once the independent checker accepted it. */
  verified: boolean;
}

/** What a certificate's header claims: the position's Grundy value, or only its outcome (format 2). */
export type CertificateClaimKind = 'value' | 'outcome';

/** What `nimber verify` proved. */
export interface VerifyReply {
  game: string;
  position: string;
  /** The Grundy value proved; null when the certificate claims only the outcome (`outcome P|N`). */
  grundy: number | null;
  outcome: Outcome;
  /** The certificate's format version. */
  format: CertificateFormat;
  facts: number;
  elapsedMs: number;
}

/** The ruleset a certificate is written for, for each kind: games searched position by position only. */
const CERTIFIED: ByKind<[], GameRuleset | undefined> = {
  game: (ruleset) => ruleset,
  heap: () => undefined,
  coupled: () => undefined,
  result: () => undefined,
};

function gameRuleset(ruleset: Ruleset, what: string): GameRuleset {
  const game = byKind(CERTIFIED, ruleset);
  if (game === undefined)
    throw new InputError(
      `${what} is written for games on boards and graphs; '${ruleset.spec}' is ${describeKind(ruleset)}`,
    );
  return game;
}

/** The game a certificate's header names, for the checker. */
function checkableGame(spec: string): CheckableGame<unknown> {
  return gameRuleset(parseRuleset(spec), 'a certificate');
}

/**
 * The spec a certificate of the position names: the family's own spec when it reads the position
 * (cram, not cram:5x5: the components are boards of other sizes), else the ruleset's.
 */
function certificateSpec(ruleset: GameRuleset, positionText: string): string {
  try {
    const loose = byKind(CERTIFIED, parseRuleset(ruleset.family));
    if (loose !== undefined) {
      loose.notation.parsePosition(positionText);
      return loose.spec;
    }
  } catch {
    // a family that needs its arguments: its components are read by the full spec
  }
  return ruleset.spec;
}

/**
 * The certificate of a position's value found by a search under normal play, checked by the
 * independent checker before it is returned. Version 2 (the default): a proof whose facts the
 * search chooses (it is asked values and "is this option's value k?"); version 1: every component
 * reachable from the position with its value. `claim` 'outcome' proves only P or N (format 2: for an
 * N-position one move to a P-position, far fewer facts than the value). A search whose value its certificate does not give
 * is a bug to report (Error), never a value to print.
 */
export function certifyPosition<P>(
  ruleset: GameRuleset<P>,
  position: P,
  search: ConventionSearch<P>,
  limit: CertificateLimit = {},
  onFact?: (facts: number) => void,
  format: CertificateFormat = 2,
  claim: CertificateClaimKind = 'value',
): { lines: string[]; certificate: CertificateSummary; value: number | null } {
  const game = certificateSpec(ruleset, ruleset.notation.formatPosition(position));
  const startedAt = limit.startedAt ?? performance.now();
  const stopAt = limit.timeLimitMs === undefined ? Number.POSITIVE_INFINITY : startedAt + limit.timeLimitMs;
  const heard = (facts: number) => {
    // the closure can be far larger than what the search visited: it shares the search's time limit
    if ((facts & 255) === 0 && performance.now() > stopAt) {
      const elapsedMs = Math.round(performance.now() - startedAt);
      throw new SearchStopped(
        'time-limit',
        { nodes: facts, tableEntries: facts, evicted: 0, elapsedMs },
        limit.timeLimitMs,
        { task: 'writing the certificate', counted: 'facts' },
      );
    }
    onFact?.(facts);
  };
  // the outcome the search found for an outcome claim: its value would cost a search of its own
  // (Sprouts 11 spots: 38 s of CPU against 1)
  const outcomeOnly = claim === 'outcome' && format === 2;
  const searched = outcomeOnly ? (search.isP(position) ? 0 : null) : search.grundy(position);
  const hasValue = search.hasValue;
  const built =
    format === 2 && hasValue !== undefined
      ? buildProof(
          ruleset,
          game,
          position,
          {
            value: (c) => search.grundy(c)!,
            has: hasValue,
            known: search.knownHasValue,
            knownValue: search.knownGrundy,
          },
          heard,
          { claim },
        )
      : buildCertificate(ruleset, game, position, heard);
  if (built.value === null ? built.outcome !== (searched === 0 ? 'P' : 'N') : built.value !== searched)
    throw new Error(
      `the certificate gives the ${built.value === null ? `outcome ${built.outcome}` : `value ${built.value}`}, the search ${searched}`,
    );
  let checked: ReturnType<typeof checkCertificate>;
  try {
    checked = checkCertificate(built.lines, checkableGame);
  } catch (e) {
    // a certificate of our own writing that does not check is a bug of the writer or the search, not the user's input
    throw new Error(`the certificate written does not check: ${(e as Error).message}`);
  }
  return {
    lines: built.lines,
    certificate: {
      game,
      format: checked.format,
      claim: checked.value === null ? 'outcome' : 'value',
      facts: built.facts,
      verified: true,
    },
    value: built.value,
  };
}

/** How long writing a certificate may take: the time limit, counted from `startedAt` (performance.now(); default: now). */
export interface CertificateLimit {
  readonly timeLimitMs?: number;
  readonly startedAt?: number;
}

/** The analysis of a position under normal play with its certificate (certifyPosition). */
export function certifiedAnalysis(
  request: AnalyzeRequest,
  env: ServiceEnv,
  onFact?: (facts: number) => void,
  format: CertificateFormat = 2,
  claim?: CertificateClaimKind,
): { reply: GameAnalysisReply; lines: string[]; certificate: CertificateSummary } {
  const ruleset = gameRuleset(rulesetOf(request.ruleset), 'a certificate');
  // what the analysis finds: a family that decides outcomes first (Sprouts) would search for a value
  // only for its certificate, many times the outcome's search (9 spots: 47 s against 1)
  const claimed = claim ?? (format === 2 && ruleset.accelerators.outcomeFirst !== undefined ? 'outcome' : 'value');
  if (conventionOf(request.convention) !== 'normal')
    throw new InputError('a certificate proves a Grundy value, which exists under normal play only');
  const text = boardOf(ruleset, request.position);
  const startedAt = performance.now();
  const options = searchOptions(request.limits, env);
  const reply = analyzeGame(ruleset, text, 'normal', options);
  const search = conventionSearch(ruleset, 'normal', options);
  const limit = { timeLimitMs: options.timeLimitMs, startedAt };
  const { lines, certificate } = certifyPosition(
    ruleset,
    gamePosition(ruleset, text),
    search,
    limit,
    onFact,
    format,
    claimed,
  );
  return { reply, lines, certificate };
}

/** Checks a certificate's lines; throws InputError naming the first line that fails. */
export function verifyCertificate(lines: Iterable<string>): VerifyReply {
  const started = performance.now();
  const checked = checkCertificate(lines, checkableGame);
  return {
    game: checked.game,
    position: checked.position,
    grundy: checked.value,
    outcome: checked.outcome,
    format: checked.format,
    facts: checked.facts,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** The verify reply in words. */
export function verifyText(reply: VerifyReply | QuartoProofReply): string {
  if ('proof' in reply) return quartoProofText(reply);
  return [
    `verified: ${reply.game} position ${reply.position}`,
    reply.grundy === null
      ? `${reply.outcome}-position (the certificate proves the outcome, not the Grundy value)`
      : `Grundy value ${reply.grundy} (${reply.outcome}-position)`,
    `${reply.facts.toLocaleString('en-US')} facts (format ${reply.format}) checked from the rules in ${(reply.elapsedMs / 1000).toFixed(1)} s`,
  ].join('\n');
}
