/** docs/architecture.md describes the source tree as it is: every folder under src/ is named in its tree. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './source-tree.ts';

function folders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => [join(dir, e.name), ...folders(join(dir, e.name))]);
}

it('names every folder of src/ (a family folder by its name in the families line)', () => {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const tree = doc.slice(doc.indexOf('## The source tree'), doc.indexOf('## The data flow'));
  const missing = folders(join(ROOT, 'src'))
    .map((abs) => relative(join(ROOT, 'src'), abs).split('\\').join('/'))
    .filter((path) => {
      const name = path.split('/').at(-1)!;
      // a family folder is listed by name; any other folder as `name/`
      return path.startsWith('engine/families/') ? !new RegExp(`\\b${name}\\b`).test(tree) : !tree.includes(`${name}/`);
    });
  expect(missing).toEqual([]);
});

it('names the seam modules', () => {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  for (const module of ['operation-table.ts', 'env.ts', 'request-schemas.ts', 'worker-runner.ts'])
    expect(doc).toContain(module);
});
