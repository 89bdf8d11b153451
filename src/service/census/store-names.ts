/** The names of the default census stores: space and convention in, name out, and back (the API takes names from URLs). */
import { InputError } from '../../engine/errors.ts';
import type { CodeSpace } from '../../engine/families/takebreak/codes.ts';
import type { CensusConvention } from './types.ts';

/** takebreak-octal-3, takebreak-hex-2, takebreak-octal-2-misere. */
export function storeNameOf(space: CodeSpace, convention: CensusConvention = 'normal'): string {
  return `takebreak-${space.hex ? 'hex' : 'octal'}-${space.digits}${convention === 'misere' ? '-misere' : ''}`;
}

/** The space and convention a default store's name stands for, or null for other names. */
export function spaceOfName(name: string): { space: CodeSpace; convention: CensusConvention } | null {
  const m = /^takebreak-(octal|hex)-([1-6])(-misere)?$/.exec(name);
  return m ? { space: { digits: Number(m[2]), hex: m[1] === 'hex' }, convention: m[3] ? 'misere' : 'normal' } : null;
}

/** The number of codes of a space (what enumerateCodes would list), without listing them. */
export function codeCount(space: CodeSpace): number {
  return space.hex ? 4 * 16 ** space.digits : 2 * 8 ** space.digits;
}

/**
 * The space a store name stands for; InputError for a name that is not a default store's, or (413)
 * one whose space has more than `maxCodes` codes (a table enumerates them all: takebreak-hex-6 has 67 million).
 */
export function storedSpace(name: string, maxCodes = Number.POSITIVE_INFINITY): CodeSpace {
  const space = spaceOfName(name)?.space;
  if (!space)
    throw new InputError(
      `'${name.slice(0, 60)}' is not a census name (takebreak-octal-<digits> or takebreak-hex-<digits>, with -misere for a misère census)`,
    );
  const codes = codeCount(space);
  if (codes > maxCodes)
    throw new InputError(
      `the table of ${name} would have ${codes} codes, above the maximum of ${maxCodes} (nimber census --digits ${space.digits}${space.hex ? ' --hex' : ''} prints it)`,
      'too-large',
    );
  return space;
}
