/**
 * A rules file read into a ruleset (the CLI's --rules): a JavaScript module (.js, .mjs) imported from
 * its file URL, or a TypeScript one (.ts, .mts) bundled by esbuild (its own imports included) into a
 * temporary .mjs in the system's temporary directory, imported, then removed. The export goes to the
 * engine's userRuleset, which guards every function the user wrote. Run this where user code can be
 * ended (the CLI's rules thread): importing a module runs its top level.
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../engine/errors.ts';
import { type RulesWatch, type UserRuleset, userRuleset } from '../engine/user-rules.ts';

const JAVASCRIPT = ['.js', '.mjs'];
const TYPESCRIPT = ['.ts', '.mts'];

/** The ruleset a rules file exports; one InputError line when the file cannot be read, compiled or imported. */
export async function loadRulesFile(file: string, watch?: RulesWatch): Promise<UserRuleset> {
  const path = resolve(file);
  // messages name the file as the user would: relative to the working directory
  file = relative(process.cwd(), path) || path;
  if (!existsSync(path) || !statSync(path).isFile()) throw new InputError(`no rules file at ${file}`);
  const extension = extname(path).toLowerCase();
  let exported: unknown;
  if (JAVASCRIPT.includes(extension)) exported = await importModule(pathToFileURL(path).href, file);
  else if (TYPESCRIPT.includes(extension)) exported = await importTypeScript(path, file);
  else
    throw new InputError(
      `a rules file is a JavaScript (.js, .mjs) or TypeScript (.ts, .mts) module, got '${extension || file}'`,
    );
  return userRuleset(exported, watch);
}

/** Imports a module; what its top level throws becomes one line naming the file. */
async function importModule(url: string, file: string): Promise<unknown> {
  try {
    return await import(url);
  } catch (e) {
    throw new InputError(`the rules file ${file} could not be loaded: ${oneLine(e)}`);
  }
}

/** Bundles a TypeScript rules file with esbuild into a temporary module and imports it. */
async function importTypeScript(path: string, file: string): Promise<unknown> {
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new InputError(`TypeScript rules need esbuild (npm install esbuild), or write ${file} in JavaScript (.mjs)`);
  }
  let code: string;
  try {
    const built = await esbuild.build({
      entryPoints: [path],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      logLevel: 'silent',
    });
    code = built.outputFiles[0].text;
  } catch (e) {
    const first = (e as { errors?: { text: string; location?: { line: number; column: number } | null }[] })
      .errors?.[0];
    const where = first?.location ? ` (line ${first.location.line}, column ${first.location.column + 1})` : '';
    throw new InputError(`the rules file ${file} does not compile: ${first ? first.text + where : oneLine(e)}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'nimber-rules-'));
  try {
    const module = join(dir, 'rules.mjs');
    writeFileSync(module, code);
    return await importModule(pathToFileURL(module).href, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function oneLine(e: unknown): string {
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return text.replace(/\s+/g, ' ').trim();
}
