/**
 * Every family of the spec language, in help order: heap games, piles moved together, games on
 * boards and graphs. Adding a family is its folder plus one line here; everything that lists games
 * (help, the catalog, the page, messages) reads this list.
 */
import { arcKaylesFamily } from './families/arc-kayles/index.ts';
import { chompFamily } from './families/chomp/index.ts';
import { coinHeapsFamily } from './families/coin-heaps/index.ts';
import { coinsFamily } from './families/coins/index.ts';
import { cramFamily } from './families/cram/index.ts';
import { equalRemovalFamily } from './families/equal-removal/index.ts';
import { laskerFamily } from './families/lasker/index.ts';
import { nimFamily } from './families/nim/index.ts';
import { nodeKaylesFamily } from './families/node-kayles/index.ts';
import { sproutsFamily } from './families/sprouts/index.ts';
import { posetFamily } from './families/poset/index.ts';
import { quartoFamily } from './families/quarto/index.ts';
import { splitFamily } from './families/split/index.ts';
import { subtractionFamily } from './families/subtraction/index.ts';
import { takeBreakFamily } from './families/takebreak/index.ts';
import { tartanFamily } from './families/tartan/index.ts';
import { trominoCramFamily } from './families/tromino-cram/index.ts';
import type { Family } from './types.ts';

export const FAMILIES: readonly Family[] = [
  nimFamily,
  subtractionFamily,
  takeBreakFamily,
  splitFamily,
  laskerFamily,
  equalRemovalFamily,
  coinHeapsFamily,
  cramFamily,
  chompFamily,
  nodeKaylesFamily,
  arcKaylesFamily,
  trominoCramFamily,
  coinsFamily,
  tartanFamily,
  posetFamily,
  sproutsFamily,
  quartoFamily,
];

/** Aliases of every family: a name that stands for a full spec (a Map: user text is never an object key). */
export const ALIASES: ReadonlyMap<string, string> = new Map(FAMILIES.flatMap((f) => f.aliases ?? []));
