/** `nimber analyze --certificate` and `nimber verify`, end to end: a written certificate verifies, a damaged one is one line and exit 2. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'nimber-cert-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** stderr is exactly one line naming the problem, and the exit code is 2. */
function expectOneLineRefusal(r: { code: number | null; stderr: string; stdout: string }, pattern: RegExp) {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
}

describe('nimber analyze --certificate, nimber verify', () => {
  const file = join(dir, '4x5.cert');

  it('writes the format 1 certificate of cram:4x5 (value 2, Beling & Rogalski 2020) and verify proves it', async () => {
    const a = await nimber(['analyze', 'cram:4x5', '--certificate', file, '--certificate-format', '1']);
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/N-position: Grundy value 2/);
    expect(a.stdout).toMatch(/certificate: .*4x5\.cert \(format 1, the value, 2,303 facts, checked\)/);
    const v = await nimber(['verify', file, '--json']);
    expect(v.code).toBe(0);
    expect(JSON.parse(v.stdout)).toMatchObject({
      game: 'cram',
      position: '...../...../...../.....',
      grundy: 2,
      format: 1,
      facts: 2303,
    });
    const text = await nimber(['verify', file]);
    expect(text.stdout).toMatch(
      /^verified: cram position \.\.\.\.\.\/.*\nGrundy value 2 \(N-position\)\n2,303 facts \(format 1\) checked/,
    );
  });

  it('writes format 2 (a proof) by default, with fewer facts, and verify proves it', async () => {
    const proof = join(dir, '4x5-proof.cert');
    const a = await nimber(['analyze', 'cram:4x5', '--certificate', proof]);
    expect(a.code).toBe(0);
    const facts = Number(
      /certificate: .*4x5-proof\.cert \(format 2, the value, ([\d,]+) facts, checked\)/
        .exec(a.stdout)![1]
        .replace(/,/g, ''),
    );
    expect(facts).toBeGreaterThan(0);
    expect(facts).toBeLessThan(2303);
    expect(readFileSync(proof, 'utf8').split('\n')[0]).toBe('nimber-certificate 2');
    const v = await nimber(['verify', proof, '--json']);
    expect(JSON.parse(v.stdout)).toMatchObject({ game: 'cram', grundy: 2, format: 2, facts });
    const changed = readFileSync(proof, 'utf8').replace(/^= 1 /m, '= 3 ');
    writeFileSync(join(dir, 'proof-changed'), changed);
    expectOneLineRefusal(
      await nimber(['verify', join(dir, 'proof-changed')]),
      /^nimber: certificate line \d+: the fact '= 3 .*' is (not shown|wrong)/,
    );
    expectOneLineRefusal(
      await nimber(['analyze', 'cram:3x3', '--certificate-format', '1']),
      /^nimber: --certificate-format is the format of --certificate: give --certificate <file> too/,
    );
  });

  it('a gzip certificate (name ending in .gz) verifies too', async () => {
    const gz = join(dir, '3x3.cert.gz');
    expect((await nimber(['analyze', 'cram:3x3', '--certificate', gz, '--json'])).code).toBe(0);
    expect(readFileSync(gz)[0]).toBe(0x1f);
    const v = await nimber(['verify', gz, '--json']);
    expect(JSON.parse(v.stdout)).toMatchObject({ grundy: 0, outcome: 'P' });
  });

  it('a changed nimber, a dropped fact, corrupt bytes, a cut gzip stream: one line each, exit 2', async () => {
    const lines = readFileSync(file, 'utf8').split('\n');
    const i = lines.findIndex((l, n) => n > 3 && l.startsWith('1 '));
    const changed = lines.slice();
    changed[i] = `4${changed[i].slice(1)}`;
    writeFileSync(join(dir, 'changed'), changed.join('\n'));
    expectOneLineRefusal(
      await nimber(['verify', join(dir, 'changed')]),
      new RegExp(`^nimber: certificate line ${i + 1}: the fact '4 .*' is wrong`),
    );

    const dropped = lines.slice();
    dropped.splice(i, 1);
    writeFileSync(join(dir, 'dropped'), dropped.join('\n'));
    expectOneLineRefusal(
      await nimber(['verify', join(dir, 'dropped')]),
      /^nimber: certificate line \d+: .* has no fact on an earlier line/,
    );

    const bytes = readFileSync(file);
    bytes[bytes.length >> 1] = 0xff;
    writeFileSync(join(dir, 'bytes'), bytes);
    expectOneLineRefusal(
      await nimber(['verify', join(dir, 'bytes')]),
      /^nimber: certificate line \d+: bytes that are not text/,
    );

    const gz = gzipSync(readFileSync(file));
    writeFileSync(join(dir, 'cut.gz'), gz.subarray(0, gz.length >> 1));
    expectOneLineRefusal(
      await nimber(['verify', join(dir, 'cut.gz')]),
      /^nimber: the certificate .* is a broken gzip stream/,
    );

    expectOneLineRefusal(
      await nimber(['verify', join(dir, 'missing')]),
      /^nimber: cannot read the certificate .*: ENOENT/,
    );
  });

  it('a certificate of a heap game is refused in one line', async () => {
    expectOneLineRefusal(
      await nimber(['analyze', 'nim', '3', '4', '--certificate', join(dir, 'nim.cert')]),
      /^nimber: a certificate is written for games on boards and graphs; 'nim' is a game played on heaps/,
    );
  });
});
