/**
 * The certificate text format (docs/certificates.md): a header naming a game, a position and its
 * claimed Grundy value, then one fact per line, `<nimber> <component position>`, every fact after the
 * facts its options need, and an `end <count>` line.
 */

/** The first line of every certificate, with the format's version. */
export const CERTIFICATE_MAGIC = 'nimber-certificate 1';

/** What a certificate claims: the game (a spec whose positions include every component), the position and its value. */
export interface CertificateClaim {
  /** A spec whose position reader reads the position and every component (e.g. `cram`). */
  readonly game: string;
  /** The position, in the game's one-line text format. */
  readonly position: string;
  /** Its claimed Grundy value under normal play. */
  readonly value: number;
}

/** The header lines of a claim. */
export function headerLines(claim: CertificateClaim): string[] {
  return [CERTIFICATE_MAGIC, `game ${claim.game}`, `position ${claim.position}`, `value ${claim.value}`];
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
