/** The census table's output formats (a module of its own: the CLI declares its options without loading the census). */
export const CENSUS_FORMATS = ['md', 'csv', 'json'] as const;
export type CensusFormat = (typeof CENSUS_FORMATS)[number];

/** The census's family and its code spaces, as the faces name them (without loading the census). */
export {
  CENSUS_FAMILY,
  MAX_CENSUS_CODES,
  checkCodeSpace,
  enumerateCodes,
  type CodeSpace,
} from '../../engine/families/takebreak/codes.ts';
