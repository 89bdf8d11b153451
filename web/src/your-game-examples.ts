/**
 * The examples "Your game" starts from: the rules modules in the repository's examples/ folder (the
 * ones the command line's tests check), taken as text at build time, so the page offers exactly those
 * files. Only JavaScript ones: the browser imports the text as it is, with no TypeScript compiler.
 */

export interface RulesExample {
  /** The file's name without its extension, e.g. "chocolate". */
  readonly name: string;
  /** The game's name as the module gives it (its `name:`), else the file's name. */
  readonly title: string;
  readonly rules: string;
  /** The position the example opens with ('' : the rules' start, or a heap game's row alone). */
  readonly position: string;
}

const FILES = import.meta.glob<string>('../../examples/*.{js,mjs}', { query: '?raw', import: 'default', eager: true });

/** The `name: '...'` of a rules module's text, where it is a plain string literal. */
function titleOf(rules: string): string | null {
  const m = /\bname:\s*(['"`])((?:(?!\1)[^\\\n])+)\1/.exec(rules);
  return m ? m[2] : null;
}

export const EXAMPLES: readonly RulesExample[] = Object.entries(FILES)
  .map(([path, rules]) => {
    const name = path.replace(/^.*\//, '').replace(/\.m?js$/, '');
    return { name, title: titleOf(rules) ?? name, rules, position: '' };
  })
  .sort((a, b) => a.name.localeCompare(b.name));

export function exampleNamed(name: string): RulesExample | undefined {
  return EXAMPLES.find((x) => x.name === name);
}
