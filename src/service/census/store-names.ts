/** The names of the default census stores: space and convention in, name out, and back (the API takes names from URLs). */
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
