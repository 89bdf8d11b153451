/**
 * The nim-multiplication panel of the theory page: a 16 x 16 table of nim-products coloured by value,
 * one product worked out step by step (click a cell, or give factors up to 255), and a calculator for
 * every operation of nim arithmetic on integers of any size. Small requests are answered here through
 * the service (the same code the CLI and the API run); large ones go to the server.
 */
import { useMemo, useState } from 'preact/hooks';
import { InputError } from '../../src/engine/errors.ts';
import { inputErrorText } from '../../src/service/local.ts';
import {
  explainProduct,
  MAX_EXPLAINED_FACTOR,
  NIM_OPERATIONS,
  nimArithmetic,
  nimInBrowser,
  nimOperandNames,
  nimProductTable,
} from '../../src/service/nim-arithmetic.ts';
import { api, errorText } from './api.ts';

const SIZE = 16;

/** A cell's colour: one hue per value 0..15 around the wheel, 0 left white. */
const cellColour = (v: number) => (v === 0 ? 'transparent' : `hsl(${(v * 360) / SIZE} 70% 85%)`);

/** Words for an error thrown here (the service's InputError) or by the server. */
function failure(e: unknown): string {
  return e instanceof InputError ? inputErrorText(e) : errorText(e);
}

export function NimArithmetic() {
  const table = useMemo(() => nimProductTable(SIZE), []);
  const [a, setA] = useState('8');
  const [b, setB] = useState('8');
  const worked = useMemo(() => {
    try {
      return explainProduct(a.trim() || '0', b.trim() || '0');
    } catch (e) {
      return failure(e);
    }
  }, [a, b]);
  const pick = (x: number, y: number) => {
    setA(String(x));
    setB(String(y));
  };
  const selected = typeof worked === 'string' ? null : worked;
  return (
    <section id="nim-arithmetic" class="nim-arithmetic">
      <h3>Nim multiplication</h3>
      <p>
        The nimbers are a field (Conway, <em>On Numbers and Games</em>, ch. 6): besides the nim-sum ⊕ there is a{' '}
        <strong>nim-product</strong> ⊗, defined like the mex of Grundy values: a ⊗ b is the smallest number not among
        a′⊗b ⊕ a⊗b′ ⊕ a′⊗b′ for a′ &lt; a, b′ &lt; b. It is worked out fast from two rules on the Fermat 2-powers F = 2,
        4, 16, 256, 65536, …: F ⊗ x = F·x for x &lt; F, and F ⊗ F = 3F/2. Coin-turning games take their values in it.
        Click a cell to see its product worked out.
      </p>
      <div class="scroll">
        <table class="nim-table" aria-label="nim-products of 0..15">
          <thead>
            <tr>
              <th scope="col">⊗</th>
              {table.map((_, y) => (
                <th scope="col" key={y}>
                  {y}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.map((row, x) => (
              <tr key={x}>
                <th scope="row">{x}</th>
                {row.map((v, y) => (
                  <td
                    key={y}
                    class={selected && selected.a === x && selected.b === y ? 'picked' : undefined}
                    style={{ background: cellColour(v) }}
                  >
                    <button type="button" data-a={x} data-b={y} title={`${x} ⊗ ${y} = ${v}`} onClick={() => pick(x, y)}>
                      {v}
                    </button>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div class="row">
        <label>
          a{' '}
          <input
            id="nim-explain-a"
            inputMode="numeric"
            size={5}
            value={a}
            onInput={(e) => setA(e.currentTarget.value)}
          />
        </label>
        <label>
          b{' '}
          <input
            id="nim-explain-b"
            inputMode="numeric"
            size={5}
            value={b}
            onInput={(e) => setB(e.currentTarget.value)}
          />
        </label>
        <span class="note">factors 0..{MAX_EXPLAINED_FACTOR}</span>
      </div>
      {typeof worked === 'string' ? (
        <p class="error">{worked}</p>
      ) : (
        <pre id="nim-steps" class="output">
          {worked.lines.join('\n')}
        </pre>
      )}
      <NimCalculator />
    </section>
  );
}

/** Any operation on integers of any size; answered here when small, by POST /api/nim otherwise. */
function NimCalculator() {
  const [op, setOp] = useState('mul');
  const [a, setA] = useState('2^400');
  const [b, setB] = useState('2^400');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string; where?: string } | null>(null);
  const names = nimOperandNames(op);
  const run = async () => {
    const values = [a, b].slice(0, names.length);
    try {
      if (nimInBrowser(values)) {
        const reply = nimArithmetic({ op, operands: values });
        setAnswer({ ok: true, text: `${reply.expression} = ${reply.result}`, where: 'computed in this browser' });
      } else {
        setAnswer({ ok: true, text: 'Asking the server…' });
        const reply = await api.nim({ op, values });
        setAnswer({ ok: true, text: `${reply.expression} = ${reply.result}`, where: 'computed by the server' });
      }
    } catch (e) {
      setAnswer({ ok: false, text: failure(e) });
    }
  };
  return (
    <form
      id="nim-calculator"
      class="nim-calculator"
      onSubmit={(e) => {
        e.preventDefault();
        void run();
      }}
    >
      <h4>Nim arithmetic on integers of any size</h4>
      <div class="row">
        <select id="nim-op" value={op} onChange={(e) => setOp(e.currentTarget.value)} aria-label="operation">
          {NIM_OPERATIONS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <label>
          {names[0]} <input id="nim-a" value={a} onInput={(e) => setA(e.currentTarget.value)} />
        </label>
        {names.length > 1 && (
          <label>
            {names[1]} <input id="nim-b" value={b} onInput={(e) => setB(e.currentTarget.value)} />
          </label>
        )}
        <button type="submit">Compute</button>
      </div>
      {answer && (
        <p id="nim-result" class={answer.ok ? 'output nim-result' : 'error'}>
          {answer.text}
          {answer.where && <span class="note"> ({answer.where})</span>}
        </p>
      )}
    </form>
  );
}
