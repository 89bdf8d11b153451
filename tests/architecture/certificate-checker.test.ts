/**
 * The certificate checker shares no code with any search: src/engine/certificate/ imports only
 * itself and the error type. The game's rules reach it as an argument (moves, components, key), so a
 * bug in a solver cannot make a wrong certificate pass.
 */
import { describe, it } from 'vitest';
import { expectNone, sourceModules, under } from './source-tree.ts';

const CHECKER = 'src/engine/certificate/';
const ALLOWED = [CHECKER, 'src/engine/errors.ts'];

describe('the certificate checker is independent of the search', () => {
  it('src/engine/certificate/ imports nothing but itself and src/engine/errors.ts', () => {
    const modules = sourceModules().filter((m) => under(m.path, CHECKER));
    if (modules.length === 0) throw new Error(`no modules under ${CHECKER}: the test would check nothing`);
    const violations = modules.flatMap((m) =>
      m.imports
        .filter((edge) => edge.to === null || !ALLOWED.some((a) => under(edge.to!, a)))
        .map((edge) => `${edge.from}:${edge.line} imports '${edge.specifier}'`),
    );
    expectNone(`${CHECKER} may import only ${ALLOWED.join(', ')}`, violations);
  });
});
