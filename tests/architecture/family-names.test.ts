/**
 * Family names live with their family. Adding, renaming or dropping a family is its folder plus one
 * line in the registry; that holds only while no other file spells a family's name. So:
 *
 * - a string literal (or a template's literal part, or JSX text) that is a family's name or alias,
 *   or starts with `<name>:` (a spec such as 'cram:4x5'), appears only in that family's folder, the
 *   registry, and the places allowed below;
 * - no message outside the registry and the families hard-codes a list of two or more names
 *   ("(cram, chomp, node-kayles)", "e.g. nim or subtract:1,3,4"): such lists go stale the day a
 *   family is added; build them from the registry instead.
 *
 * The names are read from the registry at test time, so a new family is covered without touching
 * this file. Not scanned: tests/, docs/, bench/, scripts/ (they name games on purpose).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import * as registry from '../../src/engine/registry.ts';
import { ROOT, expectNone, literalTexts, sourceModules, under } from './source-tree.ts';

const FAMILIES_FOLDER = 'src/engine/families/';
const REGISTRY = 'src/engine/registry.ts';

/**
 * The registry's lists of families. GAME_FAMILIES goes away when boards and graphs join FAMILIES
 * (one game model); whichever of these exists is read.
 */
const REGISTRY_LISTS = ['FAMILIES', 'GAME_FAMILIES'];

/** Where a family's words may appear besides its own folder and the registry, and why. */
const NAMES_ALLOWED: readonly { where: string; names: 'every' | readonly string[]; why: string }[] = [
  {
    where: 'src/problems/',
    names: 'every',
    why: "a catalog problem is one fixed game and names its ruleset by spec ('nim', 'subtract:squares'): data, not dispatch",
  },
  {
    where: 'src/service/census/',
    names: ['takebreak'],
    why: 'the census is the take-and-break census by definition: its rows are takebreak codes, and it builds their specs',
  },
  {
    where: 'src/cli/commands/nim.ts',
    names: ['nim'],
    why: '`nimber nim <op>` is the command of nim arithmetic (the field of nimbers), not a spec of the Nim family',
  },
];

/** Files that may hold a list of family names in one message: the registry and the families' own help. */
const LISTS_ALLOWED: Record<string, string> = {
  [REGISTRY]: 'the list of families itself',
  [FAMILIES_FOLDER]: "a family's help and errors name its own spec forms and aliases",
};

interface FamilyWords {
  readonly name: string;
  /** The name and every alias. */
  readonly words: readonly string[];
  /** The family's folder, e.g. 'src/engine/families/takebreak/'. */
  readonly folder: string;
}

/** An alias as the registry holds it: a word, a [word, spec] pair, or an object naming it. */
function aliasWord(alias: unknown): string | undefined {
  if (typeof alias === 'string') return alias;
  if (Array.isArray(alias) && typeof alias[0] === 'string') return alias[0];
  if (alias !== null && typeof alias === 'object') {
    const { name, alias: word } = alias as { name?: unknown; alias?: unknown };
    if (typeof name === 'string') return name;
    if (typeof word === 'string') return word;
  }
  return undefined;
}

function indexFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return indexFiles(full);
    return entry.name === 'index.ts' ? [full] : [];
  });
}

/** Every family of the registry with its words, and its folder: the one whose index.ts exports the very object. */
async function registryFamilies(): Promise<FamilyWords[]> {
  const exported = registry as Record<string, unknown>;
  const families = REGISTRY_LISTS.flatMap((list) =>
    Array.isArray(exported[list]) ? (exported[list] as unknown[]) : [],
  );
  expect(
    families.length,
    `none of ${REGISTRY_LISTS.join(', ')} found in ${REGISTRY}: update REGISTRY_LISTS`,
  ).toBeGreaterThan(0);

  const folderOf = new Map<unknown, string>();
  // Shallow folders first, so a family exported again by a nested index.ts ends up in the deepest one.
  const indexes = indexFiles(join(ROOT, FAMILIES_FOLDER)).sort((a, b) => a.split('/').length - b.split('/').length);
  for (const file of indexes) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const folder = file
      .slice(ROOT.length)
      .replace(/^\/+/, '')
      .replace(/index\.ts$/, '');
    for (const value of Object.values(module)) if (families.includes(value)) folderOf.set(value, folder);
  }

  return families.map((family) => {
    const { name, aliases } = family as { name: string; aliases?: readonly unknown[] };
    const folder = folderOf.get(family);
    expect(folder, `family '${name}': no index.ts under ${FAMILIES_FOLDER} exports it`).toBeDefined();
    const words = [name, ...(aliases ?? []).map(aliasWord).filter((w): w is string => w !== undefined)];
    return { name, words, folder: folder! };
  });
}

let families: FamilyWords[] = [];
beforeAll(async () => {
  families = await registryFamilies();
});

const excerpt = (text: string) => JSON.stringify(text.length > 90 ? `${text.slice(0, 87)}...` : text);

function mayName(path: string, family: FamilyWords): boolean {
  if (under(path, family.folder) || path === REGISTRY) return true;
  return NAMES_ALLOWED.some((a) => under(path, a.where) && (a.names === 'every' || a.names.includes(family.name)));
}

/** The spec words a literal stands for: a name or alias itself, or a spec that starts with `<name>:`. */
function wordOf(text: string, family: FamilyWords): string | undefined {
  return family.words.find((w) => text === w || text.startsWith(`${w}:`));
}

/** Every mention of a family word in free text, with its spec arguments ('subtract:1,3,4', 'cram:3x4'). */
function mentions(text: string, pattern: RegExp): { start: number; end: number; text: string }[] {
  return [...text.matchAll(pattern)].map((m) => {
    let end = m.index + m[0].length;
    const args = /^:[^\s)'"`]*/.exec(text.slice(end));
    if (args) end += args[0].replace(/[.,;:!?]+$/, '').length;
    return { start: m.index, end, text: text.slice(m.index, end) };
  });
}

/** True when the text between two mentions only separates items of a list: ',', '/', '|', 'or', 'and', ', or'. */
function separatesItems(gap: string): boolean {
  const bare = gap.replace(/['"`]/g, '').replace(/\s+/g, ' ').trim();
  return /^(?:[,/|]|,? ?(?:or|and))$/.test(bare);
}

/** The runs of two or more mentions joined by list separators. */
function listsIn(text: string, pattern: RegExp): string[][] {
  const found: string[][] = [];
  let run: { end: number; text: string }[] = [];
  for (const m of mentions(text, pattern)) {
    const last = run.at(-1);
    if (last && separatesItems(text.slice(last.end, m.start))) run.push(m);
    else {
      if (run.length >= 2) found.push(run.map((r) => r.text));
      run = [m];
    }
  }
  if (run.length >= 2) found.push(run.map((r) => r.text));
  return found;
}

describe('family names', () => {
  it('appear only in their family folder, the registry and the allowed places', () => {
    const violations = sourceModules().flatMap((module) =>
      literalTexts(module).flatMap((literal) =>
        families.flatMap((family) => {
          const word = wordOf(literal.text, family);
          if (word === undefined || mayName(module.path, family)) return [];
          return [
            `${literal.path}:${literal.line} ${excerpt(literal.text)} names family '${family.name}' (allowed in ${family.folder})`,
          ];
        }),
      ),
    );
    const allowed = NAMES_ALLOWED.map(
      (a) => `${a.where} (${a.names === 'every' ? 'every family' : a.names.join(', ')})`,
    );
    expectNone(
      `family names and aliases (and specs '<name>:…') outside the family's folder and ${REGISTRY}; also allowed: ${allowed.join('; ')}. Ask the registry or the family instead.`,
      violations,
    );
  });

  it('are never listed by hand in a message: lists come from the registry', () => {
    const words = families.flatMap((f) => f.words).sort((a, b) => b.length - a.length);
    const alternatives = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    // A word on its own: 'kayles' inside 'node-kayles' or 'nim' inside 'nimber' is not a mention.
    const pattern = new RegExp(`(?<![\\w-])(?:${alternatives})(?![\\w-])`, 'g');
    const exempt = Object.keys(LISTS_ALLOWED);
    const violations = sourceModules()
      .filter((module) => !exempt.some((where) => under(module.path, where)))
      .flatMap((module) =>
        literalTexts(module).flatMap((literal) =>
          listsIn(literal.text, pattern).map(
            (list) => `${literal.path}:${literal.line} ${excerpt(literal.text)} lists ${list.join(', ')}`,
          ),
        ),
      );
    expectNone(
      `hand-written lists of two or more family names in one literal (outside ${exempt.join(', ')}); derive them from the registry`,
      violations,
    );
  });
});

describe('the list detector', () => {
  it('finds lists of names joined by commas, or, and; not names in prose', () => {
    const pattern = /(?<![\w-])(?:node-kayles|subtract|kayles|chomp|cram|nim)(?![\w-])/g;
    expect(listsIn('games on boards (cram, chomp, node-kayles), not heaps', pattern)).toEqual([
      ['cram', 'chomp', 'node-kayles'],
    ]);
    expect(listsIn("e.g. 'nim' or 'subtract:1,3,4'", pattern)).toEqual([['nim', 'subtract:1,3,4']]);
    expect(listsIn('try cram:3x4, chomp:4x5 and node-kayles:grid:3x3.', pattern)).toEqual([
      ['cram:3x4', 'chomp:4x5', 'node-kayles:grid:3x3'],
    ]);
    expect(listsIn('cram needs a board; chomp is played on one too', pattern)).toEqual([]);
    expect(listsIn('nimber plays kayles', pattern)).toEqual([]);
  });
});
