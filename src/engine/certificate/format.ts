/**
 * The certificate text formats (docs/certificates.md): a header naming a game, a position and its
 * claimed Grundy value, then one fact per line, every fact after the facts it needs, and an
 * `end <count>` line. Version 1 lists `<nimber> <component>` for the whole closure under moves;
 * version 2 lists proof facts, `= <n> <component>` and `!= <m> <component>` (the latter followed
 * by a `by <option>` line naming an option of value m), only those the proof needs.
 */

/** The first line of a version 1 certificate (the closure, one value per component). */
export const CERTIFICATE_MAGIC = 'nimber-certificate 1';
/** The first line of a version 2 certificate (proof facts: = and != with witnesses). */
export const PROOF_MAGIC = 'nimber-certificate 2';
/** The versions a checker reads, and the one written when none is asked for. */
export type CertificateFormat = 1 | 2;

/** What a certificate claims: the game (a spec whose positions include every component), the position and its value or outcome. */
export type CertificateClaim = {
  /** A spec whose position reader reads the position and every component (e.g. `cram`). */
  readonly game: string;
  /** The position, in the game's one-line text format. */
  readonly position: string;
} & (
  | {
      /** Its claimed Grundy value under normal play. */
      readonly value: number;
      readonly outcome?: undefined;
    }
  | {
      /** Its claimed outcome only (version 2): P (the value is 0) or N (it is not). */
      readonly outcome: 'P' | 'N';
      readonly value?: undefined;
    }
);

/** The header lines of a claim. */
export function headerLines(claim: CertificateClaim, format: CertificateFormat = 1): string[] {
  return [
    format === 1 ? CERTIFICATE_MAGIC : PROOF_MAGIC,
    `game ${claim.game}`,
    `position ${claim.position}`,
    claim.outcome === undefined ? `value ${claim.value}` : `outcome ${claim.outcome}`,
  ];
}

/** A fact line. */
export function factLine(nimber: number, position: string): string {
  return `${nimber} ${position}`;
}

/** The closing line: the number of facts, so that a cut file is refused rather than read as a shorter proof. */
export function endLine(facts: number): string {
  return `end ${facts}`;
}

/** Nimbers are written in decimal without leading zeros; a billion is far beyond any value a search reaches. */
export const NIMBER_PATTERN = /^(0|[1-9]\d{0,8}) (.+)$/;
export const END_PATTERN = /^end (0|[1-9]\d{0,11})$/;

/** Version 2: "g(component) = n" and "g(component) != m", and the witness line after a != fact. */
export function eqLine(nimber: number, position: string): string {
  return `= ${nimber} ${position}`;
}
export function neLine(nimber: number, position: string): string {
  return `!= ${nimber} ${position}`;
}
export function byLine(option: string): string {
  return `by ${option}`;
}
export const EQ_PATTERN = /^= (0|[1-9]\d{0,8}) (.+)$/;
export const NE_PATTERN = /^!= (0|[1-9]\d{0,8}) (.+)$/;
/** The witness may be the empty position (e.g. the empty graph), so the text after `by` may be empty. */
export const BY_PATTERN = /^by(?: (.*))?$/;
