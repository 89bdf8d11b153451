/**
 * The checker of version 2 certificates: proof facts, each checked from the rules and the facts on
 * earlier lines, one pass. A fact `= n C` holds when every option of C has a value other than n and
 * for every j < n some option has value exactly j; a fact `!= m C` holds when its `by` line names
 * an option of C whose value is exactly m. An option's value is exact when each of its components
 * has an earlier `=` fact, no move (value 0) or an equal partner in the option (a pair cancels:
 * G + G = 0), the nim-sum of theirs; it is known to differ from n when it is exact and not n, or when all its components but one are exact (nim-sum f) and that
 * one has an earlier `!= n xor f` fact. By induction over the lines every fact is true.
 */
import {
  type CheckableGame,
  type LineReader,
  type ProvedValues,
  cachedKey,
  clip,
  factComponent,
  factLines,
  refuse,
  sumOfComponents,
} from './common.ts';
import { BY_PATTERN, EQ_PATTERN, NE_PATTERN } from './format.ts';

/** The facts of a version 2 certificate, to its end line; the `=` facts' values by canonical key. */
export function checkProofFacts(reader: LineReader, game: CheckableGame<unknown>): ProvedValues {
  const componentsOf = (p: unknown) => (game.components ? game.components(p) : [p]);
  const keyOf = cachedKey(game);
  const exact = new Map<string, number>();
  /** `${key} ${m}` for each fact g(key) != m. */
  const differs = new Set<string>();

  /**
   * An option's value from the facts so far (sumOfComponents: equal components cancel in pairs):
   * `open` counts the components without a value; when it is one, `missingKey` and `missing` name
   * that component and `sum` is the nim-sum of the others.
   */
  const optionValue = (option: unknown) => {
    const { sum, open } = sumOfComponents(game, componentsOf(option), keyOf, exact);
    return { sum, open: open.length, missingKey: open[0]?.key ?? '', missing: open[0]?.component };
  };

  let facts = 0;
  for (const { text: line, line: lineNo } of factLines(reader)) {
    const eq = EQ_PATTERN.exec(line);
    const ne = eq ? null : NE_PATTERN.exec(line);
    if (!eq && !ne)
      refuse(lineNo, `expected '= <n> <position>', '!= <n> <position>' or 'end <count>', got '${clip(line)}'`);
    const [, nText, text] = (eq ?? ne)!;
    const n = Number(nText);
    const fact = `${eq ? '=' : '!='} ${n} ${clip(text)}`;
    const position = factComponent(game, text, lineNo);
    const key = keyOf(position);
    if (exact.has(key))
      refuse(
        lineNo,
        `the fact '${fact}' comes after an '=' fact about the same game ('${clip(text)}' or one equal to it)`,
      );
    if (differs.has(`${key} ${n}`)) refuse(lineNo, `the fact '${fact}' repeats or contradicts an earlier '!=' fact`);

    if (eq) {
      // every option differs from n; the values below n are each some option's exact value
      const below = new Array<boolean>(Math.min(n, 1 << 16)).fill(false);
      let covered = 0;
      for (const option of game.moves(position)) {
        const { sum, open, missingKey, missing } = optionValue(option);
        if (open === 0) {
          if (sum === n)
            refuse(
              lineNo,
              `the fact '${fact}' is wrong: the option '${clip(game.notation.formatPosition(option))}' has value ${n}`,
            );
          if (sum < n && !below[sum]) {
            below[sum] = true;
            covered++;
          }
        } else if (open > 1 || !differs.has(`${missingKey} ${n ^ sum}`))
          refuse(
            lineNo,
            `the fact '${fact}' needs the option '${clip(game.notation.formatPosition(option))}' to differ from ${n}: ${
              open > 1
                ? `${open} of its components have no '=' fact on an earlier line`
                : `its component '${clip(game.notation.formatPosition(missing))}' has neither an '=' fact nor a '!= ${n ^ sum}' fact on an earlier line`
            }`,
          );
      }
      if (covered < n) {
        const j = below.includes(false) ? below.indexOf(false) : below.length;
        refuse(lineNo, `the fact '${fact}' is not shown: no option has value ${j} by the facts on earlier lines`);
      }
      exact.set(key, n);
    } else {
      const by = reader.next();
      const byNo = reader.line;
      const w = by === undefined ? null : BY_PATTERN.exec(by);
      if (!w)
        refuse(byNo + (by === undefined ? 1 : 0), `the fact '${fact}' must be followed by 'by <option>', its witness`);
      const witnessText = w[1] ?? '';
      let witness: unknown;
      for (const option of game.moves(position))
        if (game.notation.formatPosition(option) === witnessText) {
          witness = option;
          break;
        }
      if (witness === undefined)
        refuse(
          byNo,
          `the witness '${clip(witnessText)}' is not an option of '${clip(text)}' (as the game writes its options)`,
        );
      const { sum, open, missing } = optionValue(witness);
      if (open > 0)
        refuse(
          byNo,
          `the witness '${clip(witnessText)}' has no exact value: its component '${clip(game.notation.formatPosition(missing))}' has no '=' fact on an earlier line`,
        );
      if (sum !== n) refuse(byNo, `the fact '${fact}' is wrong: its witness has value ${sum}, not ${n}`);
      differs.add(`${key} ${n}`);
    }
    facts++;
  }
  return { values: exact, differs, facts };
}
