/**
 * The certificate checker. It re-checks every fact from the game's own rules (its moves, its
 * components and its canonical key) and nothing else: it imports no solver, so a bug in a search
 * cannot hide behind its own answer. One pass, facts in file order. Version 1: a fact's nimber must
 * be the mex over its options of the nim-sum of their components' values, each component a fact on
 * an earlier line or a position without moves (value 0). Version 2: proof facts (check-proof.ts).
 * By induction over the lines every fact holds, and so does the claim, the nim-sum of the
 * position's components.
 */
import {
  type CheckableGame,
  LineReader,
  type OpenComponent,
  type ProvedValues,
  cachedKey,
  clip,
  factComponent,
  factLines,
  hasMoves,
  refuse,
  sumOfComponents,
} from './common.ts';
import { checkProofFacts } from './check-proof.ts';
import { CERTIFICATE_MAGIC, NIMBER_PATTERN, PROOF_MAGIC } from './format.ts';

export type { CheckableGame } from './common.ts';

/** What a certificate proved. */
export interface CheckedCertificate {
  /** The header's game spec. */
  readonly game: string;
  /** The position, as the header writes it. */
  readonly position: string;
  /** Its Grundy value; null when the certificate claims only the outcome (`outcome P|N`). */
  readonly value: number | null;
  /** Its outcome: P when the value is 0, else N. */
  readonly outcome: 'P' | 'N';
  /** Facts checked. */
  readonly facts: number;
  /** The format's version. */
  readonly format: 1 | 2;
}

/**
 * Checks a certificate given as its lines; `gameOf` reads the header's game spec (throwing InputError
 * for an unknown one). Returns the claim and the number of facts, or throws InputError naming the
 * first line that fails.
 */
export function checkCertificate(
  lines: Iterable<string>,
  gameOf: (spec: string) => CheckableGame<unknown>,
): CheckedCertificate {
  const reader = new LineReader(lines);
  const header = (word: string): string => {
    const line = reader.next();
    if (line === undefined) refuse(reader.line + 1, `the file ends before its '${word}' line`);
    if (!line.startsWith(`${word} `)) refuse(reader.line, `expected '${word} …', got '${clip(line)}'`);
    return line.slice(word.length + 1);
  };
  const magic = reader.next();
  const format = magic === CERTIFICATE_MAGIC ? 1 : magic === PROOF_MAGIC ? 2 : 0;
  if (format === 0)
    refuse(
      1,
      `not a nimber certificate (the first line must be '${CERTIFICATE_MAGIC}' or '${PROOF_MAGIC}', got '${clip(magic ?? '')}')`,
    );
  const spec = header('game');
  let game: CheckableGame<unknown>;
  try {
    game = gameOf(spec);
  } catch (e) {
    refuse(reader.line, `the game '${clip(spec)}' does not read: ${(e as Error).message}`);
  }
  const positionText = header('position');
  const positionLine = reader.line;
  // the claim: `value <n>`, or in version 2 `outcome P|N` (a proof of the outcome alone is smaller)
  const claimLine = reader.next();
  if (claimLine === undefined) refuse(reader.line + 1, "the file ends before its 'value' line");
  const claimNo = reader.line;
  const valueMatch = /^value (.*)$/.exec(claimLine);
  const outcomeMatch = format === 2 ? /^outcome (.*)$/.exec(claimLine) : null;
  if (!valueMatch && !outcomeMatch)
    refuse(claimNo, `expected ${format === 2 ? "'value …' or 'outcome …'" : "'value …'"}, got '${clip(claimLine)}'`);
  if (valueMatch && !/^(0|[1-9]\d{0,8})$/.test(valueMatch[1]))
    refuse(claimNo, `the value must be a natural number, got '${clip(valueMatch[1])}'`);
  if (outcomeMatch && !/^[PN]$/.test(outcomeMatch[1]))
    refuse(claimNo, `the outcome must be P or N, got '${clip(outcomeMatch[1])}'`);
  const claimedValue = valueMatch ? Number(valueMatch[1]) : undefined;
  const claimedOutcome = outcomeMatch ? (outcomeMatch[1] as 'P' | 'N') : undefined;

  const proved = format === 1 ? checkClosureFacts(reader, game) : checkProofFacts(reader, game);

  let root: unknown;
  try {
    root = game.notation.parsePosition(positionText);
  } catch (e) {
    refuse(positionLine, `the position '${clip(positionText)}' does not read: ${(e as Error).message}`);
  }
  const components = game.components ? game.components(root) : [root];
  if (format === 1) {
    let value = 0;
    for (const component of components) {
      const v = proved.values.get(game.key(component)) ?? (hasMoves(game, component) ? undefined : 0);
      if (v === undefined)
        refuse(
          positionLine,
          `the component '${clip(game.notation.formatPosition(component))}' of the position has no fact in the certificate`,
        );
      value ^= v;
    }
    if (value !== claimedValue)
      refuse(claimNo, `the value ${claimedValue} is wrong: the facts give the position the value ${value}`);
    return { game: spec, position: positionText, value, outcome: value === 0 ? 'P' : 'N', facts: proved.facts, format };
  }

  // version 2: the position is a sum like an option (equal components cancel in pairs); an N claim
  // may rest on one component's `!=` fact, as an option's "differs from 0" does
  const { sum, open } = sumOfComponents(game, components, (p) => game.key(p), proved.values);
  const unproved = (c: OpenComponent) =>
    `the component '${clip(game.notation.formatPosition(c.component))}' of the position has no '=' fact in the certificate`;
  if (claimedOutcome === 'N') {
    if (open.length > 1) refuse(positionLine, unproved(open[1]));
    if (open.length === 1) {
      if (!proved.differs.has(`${open[0].key} ${sum}`))
        refuse(
          positionLine,
          `the component '${clip(game.notation.formatPosition(open[0].component))}' of the position has neither an '=' fact nor a '!= ${sum}' fact in the certificate`,
        );
    } else if (sum === 0) refuse(claimNo, 'the outcome N is wrong: the facts give the position the value 0');
    return { game: spec, position: positionText, value: null, outcome: 'N', facts: proved.facts, format };
  }
  if (open.length > 0) refuse(positionLine, unproved(open[0]));
  if (claimedOutcome === 'P') {
    if (sum !== 0) refuse(claimNo, `the outcome P is wrong: the facts give the position the value ${sum}`);
    return { game: spec, position: positionText, value: null, outcome: 'P', facts: proved.facts, format };
  }
  if (sum !== claimedValue)
    refuse(claimNo, `the value ${claimedValue} is wrong: the facts give the position the value ${sum}`);
  return {
    game: spec,
    position: positionText,
    value: sum,
    outcome: sum === 0 ? 'P' : 'N',
    facts: proved.facts,
    format,
  };
}

/** The facts of a version 1 certificate, to its end line: each the mex of its options' values. */
function checkClosureFacts(reader: LineReader, game: CheckableGame<unknown>): ProvedValues {
  const componentsOf = (p: unknown) => (game.components ? game.components(p) : [p]);
  const keyOf = cachedKey(game);
  const known = new Map<string, number>();
  /** The value of a component from the facts so far; undefined when it has moves and no fact yet. */
  const valueOfComponent = (component: unknown): number | undefined => {
    const v = known.get(keyOf(component));
    if (v !== undefined) return v;
    return hasMoves(game, component) ? undefined : 0;
  };

  let facts = 0;
  for (const { text: line, line: lineNo } of factLines(reader)) {
    const m = NIMBER_PATTERN.exec(line);
    if (!m) refuse(lineNo, `expected '<nimber> <position>' or 'end <count>', got '${clip(line)}'`);
    const nimber = Number(m[1]);
    const position = factComponent(game, m[2], lineNo);
    const key = keyOf(position);
    if (known.has(key))
      refuse(lineNo, `a second fact about the position '${clip(m[2])}' (the same game as an earlier one)`);
    const seen = new Set<number>();
    for (const option of game.moves(position)) {
      let sum = 0;
      for (const component of componentsOf(option)) {
        const v = valueOfComponent(component);
        if (v === undefined)
          refuse(
            lineNo,
            `the fact '${nimber} ${clip(m[2])}' needs the component '${clip(game.notation.formatPosition(component))}' of an option, which has no fact on an earlier line`,
          );
        sum ^= v;
      }
      seen.add(sum);
    }
    let mex = 0;
    while (seen.has(mex)) mex++;
    if (mex !== nimber)
      refuse(lineNo, `the fact '${nimber} ${clip(m[2])}' is wrong: the mex of its options' values is ${mex}`);
    known.set(key, nimber);
    facts++;
  }
  return { values: known, differs: new Set(), facts };
}
