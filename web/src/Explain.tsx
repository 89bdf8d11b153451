/**
 * Explain panels (Explore and Play): a position worked out as on paper, from the engine's explain():
 * each heap's options with their values and the mex; the nim-sum in binary columns with the winning
 * moves read off its highest set bit; for piles moved together, the backward-induction table; under
 * misère play, the misère reasoning the service chose (Bouton's misère rule on the genera, the
 * quotient, or backward induction). The panel shows the parts the explanation has.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { type Explanation, verdictText } from '../../src/service/local.ts';
import { errorText } from './api.ts';
import type { Convention } from './convention.ts';
import { explainLocally } from './local.ts';

/** A collapsible panel explaining `position` of `spec`; computed when opened, again when the position changes. */
export function ExplainPanel({
  id,
  spec,
  position,
  convention,
  summary,
  children,
}: {
  id: string;
  spec: string;
  position: number[] | null;
  /** The convention in play (normal play when absent): the explanation is the one for it. */
  convention?: Convention;
  summary: string;
  children?: ComponentChildren;
}) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<Explanation | string | null>(null);
  const key = position ? `${spec}|${position.join(',')}|${convention ?? ''}` : '';
  useEffect(() => {
    if (!open || !position) return;
    let live = true;
    setResult(null);
    explainLocally(spec, position, convention).then(
      (e) => live && setResult(e),
      (e) => live && setResult(errorText(e)),
    );
    return () => void (live = false);
  }, [open, key]);
  return (
    <details id={id} class="explain" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{summary}</summary>
      {children}
      {open && !position && <p class="note">Give a position first.</p>}
      {open && position && result === null && <p class="note">Working it out…</p>}
      {typeof result === 'string' && <p class="error">{result}</p>}
      {result && typeof result !== 'string' && <ExplanationView e={result} />}
    </details>
  );
}

export function ExplanationView({ e }: { e: Explanation }) {
  return (
    <div class="explanation">
      {e.heaps.map((h) => (
        <div class="explain-heap" data-heap={h.heap} key={h.heap}>
          <h4>Heap {h.heap}: the mex of its options' values</h4>
          {h.optionCount === 0 ? (
            <p>
              No move is possible from {h.heap}, so its set of option values is empty and g({h.heap}) = mex {'{}'} = 0.
            </p>
          ) : (
            <div class="scroll">
              <table class="options">
                <thead>
                  <tr>
                    <th scope="col">option (heaps left)</th>
                    <th scope="col">Grundy value</th>
                  </tr>
                </thead>
                <tbody>
                  {h.options.map((o, k) => (
                    <tr key={k}>
                      <td>{o.parts.length === 0 ? 'nothing' : o.parts.join(' + ')}</td>
                      <td>{o.parts.length > 1 ? `${o.values.join(' ⊕ ')} = ${o.value}` : o.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {h.optionCount > h.options.length && (
            <p class="note">
              The first {h.options.length} of {h.optionCount}
              {h.complete ? '' : '+'} options.
            </p>
          )}
          {h.optionCount > 0 && (
            <p class="mex">
              Values reached:{' '}
              <span class="seen">
                {'{'}
                {h.seen.join(', ')}
                {'}'}
              </span>
              ; the smallest value not among them is{' '}
              <strong>
                mex = <span class="mex-value">{h.mex}</span>
              </strong>
              , so g({h.heap}) = {h.mex}.
            </p>
          )}
        </div>
      ))}
      {e.nimSum && <NimSumView e={e} />}
      {e.misereReasoning && <MisereView e={e} />}
      {e.region && <RegionView e={e} />}
      <p class="verdict">{verdictText(e)}</p>
    </div>
  );
}

function NimSumView({ e }: { e: Explanation }) {
  const s = e.nimSum!;
  const width = s.binary.length;
  const column = (bit: number) => (s.highestBit === width - 1 - bit ? 'high' : undefined);
  return (
    <div class="explain-nimsum">
      <h4>The nim-sum in binary columns</h4>
      <p class="note">
        Each heap counts as a Nim heap of its Grundy value. Write the values in binary; a column with an odd number of
        1s gives a 1 in the nim-sum (XOR, ⊕).
      </p>
      <div class="scroll">
        <table class="bits">
          <thead>
            <tr>
              <th scope="col">heap</th>
              <th scope="col">g</th>
              {Array.from({ length: width }, (_, b) => (
                <th scope="col" key={b} class={column(b)}>
                  {2 ** (width - 1 - b)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {s.rows.map((r, i) => (
              <tr key={i}>
                <th scope="row">{r.heap}</th>
                <td>{r.grundy}</td>
                {[...r.binary].map((d, b) => (
                  <td key={b} class={column(b)}>
                    {d}
                  </td>
                ))}
              </tr>
            ))}
            <tr class="sum">
              <th scope="row">nim-sum</th>
              <td class="nim-sum-value">{s.nimSum}</td>
              {[...s.binary].map((d, b) => (
                <td key={b} class={column(b)}>
                  {d}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      {s.highestBit === null ? (
        <p>
          Every column is even: the nim-sum is 0, a P-position. Any move changes one row and makes some column odd
          again.
        </p>
      ) : (
        <>
          <p>
            Nim-sum <strong>{s.nimSum}</strong> = {s.binary}₂. Its highest set bit is {2 ** s.highestBit}. A heap whose
            value has that bit can drop to value g ⊕ {s.nimSum}, which is smaller, and that makes every column even:
          </p>
          <ul class="explain-moves">
            {s.moves.map((m) => (
              <li key={m.index}>
                heap {m.index + 1}: {m.grundy} ⊕ {s.nimSum} = {m.target}
                {m.to ? (
                  <>
                    , move to <code>{m.to.join(' ')}</code>
                  </>
                ) : (
                  ''
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function MisereView({ e }: { e: Explanation }) {
  const m = e.misereReasoning!;
  return (
    <div class="explain-misere">
      <h4>Misère play: the player who makes the last move loses</h4>
      {m.genus ? (
        <>
          <p class="note">
            Every heap here is tame. Conway's genus g<sup>γ0γ1…</sup> says how a heap plays in misère sums: 0
            <sup>120</sup> like an empty heap, 1<sup>031</sup> like a heap of 1, any other tame genus is restive, like a
            Nim heap of 2 or more.
          </p>
          <div class="scroll">
            <table class="genus">
              <thead>
                <tr>
                  <th scope="col">heap</th>
                  <th scope="col">g</th>
                  <th scope="col">genus</th>
                  <th scope="col">restive</th>
                </tr>
              </thead>
              <tbody>
                {m.genus.map((h, i) => (
                  <tr key={i}>
                    <th scope="row">{h.heap}</th>
                    <td>{h.grundy}</td>
                    <td>{h.genus}</td>
                    <td>{h.restive ? 'yes' : 'no'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            Bouton's misère rule: with a restive heap the position is P when the nim-sum is 0; with none (only heaps
            like 0 and 1) it is P when the nim-sum is 1. Here the nim-sum is{' '}
            <strong class="misere-nim-sum">{m.nimSum}</strong> and{' '}
            {m.restive ? 'a heap is restive' : 'no heap is restive'}.
          </p>
        </>
      ) : m.element !== null ? (
        <p>
          Some heap is not tame, so nim-sums do not decide. In the misère quotient of this ruleset ({m.quotientSize}{' '}
          elements) the position is <code>{m.element}</code>, {e.outcome === 'P' ? 'in' : 'outside'} its P-portion.
        </p>
      ) : (
        <p>
          Nim-sums do not decide misère play here: positions are labelled by backward induction under misère play (a
          position with no move is N: the opponent moved last).
        </p>
      )}
      {m.moveCount > 0 && (
        <>
          <p>
            Winning moves under misère play
            {m.moveCount > m.winningMoves.length ? ` (the first ${m.winningMoves.length} of ${m.moveCount})` : ''}:
          </p>
          <ul class="explain-moves">
            {m.winningMoves.map((to) => (
              <li key={to.join()}>
                move to <code>{to.join(' ')}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function RegionView({ e }: { e: Explanation }) {
  const r = e.region!;
  const cell = (c: (typeof r.cells)[number]) =>
    c.outcome === 'P' ? 'P' : c.reaches ? `N → ${c.reaches.join(',')}` : 'N';
  return (
    <div class="explain-region">
      <h4>Backward induction, every pile at most {r.max}</h4>
      <p class="note">
        Piles move together here, so there is no nim-sum. Label positions from the smallest up: a position with no move
        is {r.noMove}; any other is P when no move reaches a P-position, N when some move does (→ the P-position it
        reaches).
      </p>
      <div class="scroll">
        {r.piles === 2 ? (
          <table class="region">
            <thead>
              <tr>
                <th scope="col">y \ x</th>
                {Array.from({ length: r.max + 1 }, (_, x) => (
                  <th scope="col" key={x}>
                    {x}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: r.max + 1 }, (_, y) => (
                <tr key={y}>
                  <th scope="row">{y}</th>
                  {Array.from({ length: r.max + 1 }, (_, x) => {
                    const c = r.cells[x * (r.max + 1) + y];
                    return (
                      <td key={x} class={c.outcome === 'P' ? 'zero' : undefined}>
                        {cell(c)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <ul class="region-list">
            {r.cells.map((c) => (
              <li key={c.position.join()} class={c.outcome === 'P' ? 'zero' : undefined}>
                ({c.position.join(', ')}) {cell(c)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
