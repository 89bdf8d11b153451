/**
 * The certificate checker. It re-checks every fact from the game's own rules (its moves, its
 * components and its canonical key) and nothing else: it imports no solver, so a bug in a search
 * cannot hide behind its own answer. One pass, facts in file order: a fact's nimber must be the mex
 * over its options of the nim-sum of their components' values, each component a fact on an earlier
 * line or a position without moves (value 0). By induction over the lines every fact holds, and so
 * does the claim, the nim-sum of the position's components.
 */
import { InputError } from '../errors.ts';
import { CERTIFICATE_MAGIC, type CertificateClaim, END_PATTERN, NIMBER_PATTERN } from './format.ts';

/** What the checker needs of a game: reading positions and the rules. */
export interface CheckableGame<P> {
  parsePosition(text: string): P;
  formatPosition(position: P): string;
  moves(position: P): Iterable<P>;
  components?(position: P): P[];
  key(position: P): string;
}

/** What a certificate proved. */
export interface CheckedCertificate extends CertificateClaim {
  /** Facts checked. */
  readonly facts: number;
}

/** One line wrong: the error names it (line numbers from 1). */
function refuse(line: number, what: string): never {
  throw new InputError(`certificate line ${line}: ${what}`);
}

/** Text clipped for a one-line message. */
function clip(text: string, max = 60): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function hasMoves<P>(game: CheckableGame<P>, position: P): boolean {
  for (const _ of game.moves(position)) return true;
  return false;
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
  const it = lines[Symbol.iterator]();
  let lineNo = 0;
  const next = (): string | undefined => {
    const r = it.next();
    if (r.done) return undefined;
    lineNo++;
    return r.value.replace(/\r$/, '');
  };
  const header = (word: string): string => {
    const line = next();
    if (line === undefined) refuse(lineNo + 1, `the file ends before its '${word}' line`);
    if (!line.startsWith(`${word} `)) refuse(lineNo, `expected '${word} …', got '${clip(line)}'`);
    return line.slice(word.length + 1);
  };
  const magic = next();
  if (magic !== CERTIFICATE_MAGIC)
    refuse(1, `not a nimber certificate (the first line must be '${CERTIFICATE_MAGIC}')`);
  const spec = header('game');
  let game: CheckableGame<unknown>;
  try {
    game = gameOf(spec);
  } catch (e) {
    refuse(lineNo, `the game '${clip(spec)}' does not read: ${(e as Error).message}`);
  }
  const positionText = header('position');
  const positionLine = lineNo;
  const valueText = header('value');
  if (!/^(0|[1-9]\d{0,8})$/.test(valueText))
    refuse(lineNo, `the value must be a natural number, got '${clip(valueText)}'`);
  const claimedValue = Number(valueText);
  const componentsOf = (p: unknown) => (game.components ? game.components(p) : [p]);

  const known = new Map<string, number>();
  /** The value of a component from the facts so far; undefined when it has moves and no fact yet. */
  const valueOfComponent = (component: unknown): number | undefined => {
    const v = known.get(game.key(component));
    if (v !== undefined) return v;
    return hasMoves(game, component) ? undefined : 0;
  };

  let facts = 0;
  let ended = false;
  for (let line = next(); line !== undefined; line = next()) {
    if (ended) refuse(lineNo, `text after the end line: '${clip(line)}'`);
    const end = END_PATTERN.exec(line);
    if (end) {
      if (Number(end[1]) !== facts) refuse(lineNo, `the end line counts ${end[1]} facts, the file has ${facts}`);
      ended = true;
      continue;
    }
    const m = NIMBER_PATTERN.exec(line);
    if (!m) refuse(lineNo, `expected '<nimber> <position>' or 'end <count>', got '${clip(line)}'`);
    const nimber = Number(m[1]);
    let position: unknown;
    try {
      position = game.parsePosition(m[2]);
    } catch (e) {
      refuse(lineNo, `the position '${clip(m[2])}' does not read: ${(e as Error).message}`);
    }
    const parts = componentsOf(position);
    if (parts.length !== 1)
      refuse(lineNo, `the position '${clip(m[2])}' has ${parts.length} components; a fact is about one component`);
    const key = game.key(position);
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
            `the fact '${nimber} ${clip(m[2])}' needs the component '${clip(game.formatPosition(component))}' of an option, which has no fact on an earlier line`,
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
  if (!ended) refuse(lineNo + 1, `the file ends without its 'end <count>' line (cut short?)`);

  let root: unknown;
  try {
    root = game.parsePosition(positionText);
  } catch (e) {
    refuse(positionLine, `the position '${clip(positionText)}' does not read: ${(e as Error).message}`);
  }
  let value = 0;
  for (const component of componentsOf(root)) {
    const v = valueOfComponent(component);
    if (v === undefined)
      refuse(
        positionLine,
        `the component '${clip(game.formatPosition(component))}' of the position has no fact in the certificate`,
      );
    value ^= v;
  }
  if (value !== claimedValue)
    refuse(positionLine + 1, `the value ${claimedValue} is wrong: the facts give the position the value ${value}`);
  return { game: spec, position: positionText, value, facts };
}
