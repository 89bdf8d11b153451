/**
 * `nimber verify` on Quarto proof files (issue 36): the shipped opening proof (the empty board is a
 * draw, given its 27 leaf values), a one-leaf proof whose leaf `--leaves` searches again with the
 * reference core, and damaged files refused in one line, exit 2.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

const OPENING = 'src/engine/families/quarto/opening-proof.generated.json';
const dir = mkdtempSync(join(tmpdir(), 'nimber-verify-quarto-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A proof of one node, the root, whose value the file states as a leaf claim. */
function oneLeaf(root: string, claim: [number, number], key = root): string {
  const file = join(dir, `leaf-${claim.join('')}-${key.length}.json`);
  const nodes = `{${JSON.stringify(key)}: {"claim": ${JSON.stringify(claim)}}}`;
  writeFileSync(
    file,
    `{"format": "nimber-quarto-proof 1", "variant": "standard", "root": ${JSON.stringify(root)}, "value": ${JSON.stringify(claim)}, "nodes": ${nodes}}`,
  );
  return file;
}

// 9 pieces placed, a draw (the solver and the reference core agree: tests/engine/families/quarto)
const DRAWN = '3..ec..7a5f.4.1.+b';

describe('nimber verify on a Quarto proof file', () => {
  it('the opening proof: the empty board is a draw, given the leaf values it states', async () => {
    const r = await nimber(['verify', OPENING]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('quarto (standard) the empty board');
    expect(r.stdout).toContain('the player to move gets a draw');
    expect(r.stdout).toContain('158 nodes and 1,936 moves checked from the rules');
    expect(r.stdout).toContain('leaf values taken from the file: 27');
    const json = JSON.parse((await nimber(['verify', OPENING, '--json'])).stdout);
    expect(json).toMatchObject({ proof: 'quarto', value: [0, 0], trustedLeaves: 27, leavesRechecked: 0 });
  });

  it('--leaves searches each leaf claim again with the reference core: a true one is confirmed, a false one refused', async () => {
    const good = await nimber(['verify', oneLeaf(DRAWN, [0, 0]), '--leaves', '--json']);
    expect(good.code, good.stderr).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ value: [0, 0], trustedLeaves: 1, leavesRechecked: 1 });
    const bad = oneLeaf(DRAWN, [1, 1]);
    // without --leaves the claim is taken on trust, and the reply says so
    const trusted = await nimber(['verify', bad]);
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toMatch(/^verified, given the leaf values it states: /);
    const refused = await nimber(['verify', bad, '--leaves']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `nimber: quarto proof: leaf ${DRAWN} claims a win, the reference search finds at most a draw\n`,
    );
  });

  it('damaged files are one line naming the fault, exit 2', async () => {
    const text = readFileSync(OPENING, 'utf8');
    const cases: [string, string][] = [
      [text.replace('"value":[0,0]', '"value":[1,1]'), "the root's value derives as [0,0], the file claims [1,1]"],
      [text.slice(0, 1000), 'quarto proof: not JSON'],
      [text.replace('"nimber-quarto-proof 1"', '"nimber-quarto-proof 9"'), 'format "nimber-quarto-proof 9"'],
      [text.replace('"move":"+1"', '"move":"+0"'), 'quarto proof:'],
    ];
    for (const [i, [body, words]] of cases.entries()) {
      const file = join(dir, `damaged-${i}.json`);
      writeFileSync(file, body);
      const r = await nimber(['verify', file]);
      expect(r.code, words).toBe(2);
      expect(r.stderr, words).toContain(words);
      expect(r.stderr.trim().split('\n'), words).toHaveLength(1);
    }
    // node names are the file's text: '__proto__' is a name like any other, never an object's key
    const proto = await nimber(['verify', oneLeaf('__proto__', [0, 0])]);
    expect(proto.code).toBe(2);
    expect(proto.stderr).toMatch(/^nimber: quarto proof: node __proto__: /);
  });
});
