/** Explore's misère panel: opening it asks the server for the misère quotient of the ruleset's heaps 0..max. */
import { useState } from 'preact/hooks';
import { api, errorText, type QuotientReply } from './api.ts';

/** Largest heap of the quotient the panel asks for (the API accepts up to 1,000, within its time limit). */
export const PANEL_MAX_HEAP = 60;

export function MisereQuotient({ ruleset, max }: { ruleset: string; max: number }) {
  const top = Math.min(max, PANEL_MAX_HEAP);
  const [reply, setReply] = useState<{ key: string; q: QuotientReply } | { key: string; error: string } | null>(null);
  const key = `${ruleset} ${top}`;
  async function load(open: boolean) {
    if (!open || reply?.key === key) return;
    try {
      setReply({ key, q: await api.quotient({ ruleset, max: top }) });
    } catch (e) {
      setReply({ key, error: errorText(e) });
    }
  }
  const shown = reply?.key === key ? reply : null;
  return (
    <details id="explore-misere" onToggle={(e) => load(e.currentTarget.open)}>
      <summary>Misère play: the misère quotient of heaps 0..{top}</summary>
      {!shown && <p class="note">Computing…</p>}
      {shown && 'error' in shown && <p class="error">{shown.error}</p>}
      {shown && 'q' in shown && (
        <div>
          <p id="explore-misere-size">
            {shown.q.size} elements, P-portion {shown.q.pPortion.join(', ') || 'empty'}; generators{' '}
            {shown.q.generators.map((g) => `${g.name} = heap ${g.heap} (${g.relation})`).join(', ') || 'none'}.
          </p>
          <p class="note">
            {shown.q.growing
              ? `Still growing: it last grew at heap ${shown.q.lastGrowth}, so it may grow without bound.`
              : `It last grew at heap ${shown.q.lastGrowth} and stayed at ${shown.q.size} elements through heap ${shown.q.max}.`}{' '}
            A sum of heaps is a misère P-position when the product of their elements lies in the P-portion.
          </p>
          <table class="values">
            <tbody>
              {shown.q.heaps.map((word, h) => (
                <tr key={h}>
                  <th>{h}</th>
                  <td>{word}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
