/**
 * Games on boards and graphs on the page: a value table of a family's R x C boards (Explore) and a
 * board a person plays by clicking cells against the server's perfect opponent, with hints (Play).
 * Rules, drawing and clicks come from the ruleset (its gridView), so no family is named here; the
 * values come from POST /api/analyze under the server's time limit.
 */
import { useRef, useState } from 'preact/hooks';
import { hasCapability } from '../../src/engine/capabilities.ts';
import { FAMILIES } from '../../src/engine/registry.ts';
import { parseGameSpec } from '../../src/engine/spec.ts';
import type { GameRuleset } from '../../src/engine/types.ts';
import type { GameAnalysisReply } from '../../src/service/games.ts';
import { ApiError, errorText } from './api.ts';
import './boards.css';

/** The biggest value table the page asks for (one request per board). */
const MAX_TABLE_SIDE = 8;

async function analyzeBoard(ruleset: string, board: string): Promise<GameAnalysisReply> {
  const response = await fetch('/api/analyze', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ruleset, board }),
  });
  const body = (await response.json().catch(() => null)) as (GameAnalysisReply & { error?: string }) | null;
  if (!response.ok || body === null) {
    const words =
      response.status === 504
        ? 'the search hit the server\u2019s time limit'
        : (body?.error ?? `the server answered ${response.status}`);
    throw new ApiError(response.status, words);
  }
  return body;
}

function hasMove<P>(ruleset: GameRuleset<P>, position: P): boolean {
  for (const _ of ruleset.moves(position)) return true;
  return false;
}

function firstMove<P>(ruleset: GameRuleset<P>, position: P): P | null {
  for (const to of ruleset.moves(position)) return to;
  return null;
}

/** Explore: the Grundy values of a family's empty R x C boards, computed board by board on the server. */
export function BoardExplore() {
  const families = FAMILIES.filter((f) => f.args !== 'required' && hasCapability(f.parse(''), 'rectangles'));
  const [family, setFamily] = useState(families[0]?.name ?? '');
  const [rows, setRows] = useState('4');
  const [cols, setCols] = useState('5');
  const [cells, setCells] = useState<Map<string, string>>(new Map());
  const [size, setSize] = useState<[number, number] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(e: Event) {
    e.preventDefault();
    setError(null);
    const r = Number(rows);
    const c = Number(cols);
    if (!Number.isInteger(r) || !Number.isInteger(c) || r < 1 || c < 1 || r > MAX_TABLE_SIDE || c > MAX_TABLE_SIDE) {
      setError(`Rows and columns are whole numbers from 1 to ${MAX_TABLE_SIDE}.`);
      return;
    }
    const ruleset = parseGameSpec(family);
    setSize([r, c]);
    setBusy(true);
    const found = new Map<string, string>();
    setCells(new Map(found));
    for (let i = 1; i <= r; i++) {
      for (let j = 1; j <= c; j++) {
        try {
          const reply = await analyzeBoard(ruleset.spec, ruleset.formatPosition(ruleset.rectangle!(i, j)));
          found.set(`${i}x${j}`, String(reply.grundy));
        } catch (err) {
          found.set(`${i}x${j}`, err instanceof ApiError && err.status === 504 ? '?' : '!');
          if (!(err instanceof ApiError && err.status === 504)) setError(errorText(err));
        }
        setCells(new Map(found));
      }
    }
    setBusy(false);
  }

  return (
    <section class="board-section">
      <h2>Games on boards</h2>
      <form class="row" onSubmit={run}>
        <label>
          Game{' '}
          <select id="board-table-game" value={family} onChange={(e) => setFamily(e.currentTarget.value)}>
            {families.map((f) => (
              <option key={f.name} value={f.name}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          rows 1..
          <input
            id="board-table-rows"
            value={rows}
            onInput={(e) => setRows(e.currentTarget.value)}
            size={3}
            inputMode="numeric"
          />
        </label>
        <label>
          columns 1..
          <input
            id="board-table-cols"
            value={cols}
            onInput={(e) => setCols(e.currentTarget.value)}
            size={3}
            inputMode="numeric"
          />
        </label>
        <button id="board-table-run" type="submit" disabled={busy}>
          {busy ? 'Computing…' : 'Value table'}
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {size && (
        <table id="board-table" class="values">
          <thead>
            <tr>
              <th>R \ C</th>
              {Array.from({ length: size[1] }, (_, j) => (
                <th key={j}>{j + 1}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: size[0] }, (_, i) => (
              <tr key={i}>
                <th>{i + 1}</th>
                {Array.from({ length: size[1] }, (_, j) => {
                  const v = cells.get(`${i + 1}x${j + 1}`) ?? '';
                  return (
                    <td key={j} class={v === '0' ? 'zero' : ''}>
                      {v}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {size && (
        <p class="note">
          Grundy value of each empty board (0: the player to move loses); ? = over the server's time limit.
        </p>
      )}
    </section>
  );
}

type Phase = 'your-turn' | 'thinking' | 'stalled' | 'over';

interface Match {
  ruleset: GameRuleset;
  position: unknown;
  phase: Phase;
  picks: [number, number][];
  log: string[];
  result: string | null;
}

/** Play: a board drawn from the ruleset's grid view; clicks make the player's move, the server's perfect opponent answers. */
export function BoardPlay() {
  const [spec, setSpec] = useState('cram:3x4');
  const [engineFirst, setEngineFirst] = useState(false);
  const [hints, setHints] = useState(false);
  const [match, setMatch] = useState<Match | null>(null);
  const [analysis, setAnalysis] = useState<GameAnalysisReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const retry = useRef<(() => Promise<void>) | null>(null);

  async function yourTurn(m: Match, position: unknown, showHints = hints) {
    if (!hasMove(m.ruleset, position)) {
      setMatch({ ...m, position, phase: 'over', picks: [], result: 'You have no move left: the engine wins.' });
      setAnalysis(null);
      return;
    }
    setMatch({ ...m, position, phase: 'your-turn', picks: [] });
    setAnalysis(showHints ? await analyzeBoard(m.ruleset.spec, m.ruleset.formatPosition(position)) : null);
  }

  async function engineTurn(m: Match, position: unknown) {
    if (!hasMove(m.ruleset, position)) {
      setMatch({ ...m, position, phase: 'over', picks: [], result: 'The engine has no move left: you win!' });
      setAnalysis(null);
      return;
    }
    const thinking = { ...m, position, phase: 'thinking' as const, picks: [] };
    setMatch(thinking);
    setAnalysis(null);
    try {
      const reply = await analyzeBoard(m.ruleset.spec, m.ruleset.formatPosition(position));
      const to =
        reply.winningMoves.length > 0
          ? m.ruleset.parsePosition(reply.winningMoves[0].to)
          : firstMove(m.ruleset, position)!;
      const next = { ...thinking, log: [...m.log, `Engine: ${m.ruleset.describeMove(position, to)}`] };
      await yourTurn(next, to);
    } catch (err) {
      retry.current = () => engineTurn(m, position);
      setMatch({ ...thinking, phase: 'stalled' });
      setError(errorText(err));
    }
  }

  async function start(e: Event) {
    e.preventDefault();
    setError(null);
    try {
      const ruleset = parseGameSpec(spec);
      if (!ruleset.gridView)
        throw new Error(
          `${ruleset.title} is not drawn as a grid here; try cram:3x4, chomp:4x5 or node-kayles:grid:3x3.`,
        );
      if (ruleset.start === null) throw new Error(`Give a size, e.g. ${ruleset.family}:3x4.`);
      const m: Match = { ruleset, position: ruleset.start, phase: 'thinking', picks: [], log: [], result: null };
      if (engineFirst) await engineTurn(m, ruleset.start);
      else await yourTurn(m, ruleset.start);
    } catch (err) {
      setError(errorText(err));
    }
  }

  async function click(row: number, col: number) {
    if (match?.phase !== 'your-turn' || !match.ruleset.gridView) return;
    const view = match.ruleset.gridView;
    const again = match.picks.findIndex(([r, c]) => r === row && c === col);
    if (again >= 0) {
      setMatch({ ...match, picks: match.picks.filter((_, i) => i !== again) });
      return;
    }
    let picks: [number, number][] = [...match.picks, [row, col]];
    let to = view.pick(match.position, picks);
    if (to === null && picks.length > 1) {
      picks = [[row, col]];
      to = view.pick(match.position, picks);
    }
    if (to === null) return;
    if (to === 'more') {
      setMatch({ ...match, picks });
      return;
    }
    setError(null);
    const moved = {
      ...match,
      picks: [],
      log: [...match.log, `You: ${match.ruleset.describeMove(match.position, to)}`],
    };
    await engineTurn(moved, to);
  }

  const view = match?.ruleset.gridView;
  const size = match && view ? view.size(match.position) : null;
  return (
    <section class="board-section">
      <h2>Play on a board</h2>
      <form class="row" onSubmit={start}>
        <label>
          Game{' '}
          <input
            id="board-spec"
            value={spec}
            onInput={(e) => setSpec(e.currentTarget.value)}
            size={22}
            spellcheck={false}
          />
        </label>
        <label>
          <input
            id="board-engine-first"
            type="checkbox"
            checked={engineFirst}
            onChange={(e) => setEngineFirst(e.currentTarget.checked)}
          />{' '}
          engine moves first
        </label>
        <label>
          <input
            id="board-hints"
            type="checkbox"
            checked={hints}
            onChange={async (e) => {
              const on = e.currentTarget.checked;
              setHints(on);
              if (match?.phase === 'your-turn')
                setAnalysis(
                  on
                    ? await analyzeBoard(match.ruleset.spec, match.ruleset.formatPosition(match.position)).catch(
                        () => null,
                      )
                    : null,
                );
            }}
          />{' '}
          hints
        </label>
        <button id="board-start" type="submit">
          Start
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {match && view && size && (
        <div>
          <p class="note">{view.howToMove}.</p>
          <div id="game-board" class="game-board" style={{ gridTemplateColumns: `repeat(${size.cols}, 34px)` }}>
            {Array.from({ length: size.rows * size.cols }, (_, i) => {
              const r = Math.floor(i / size.cols);
              const c = i % size.cols;
              const state = view.cell(match.position, r, c);
              const picked = match.picks.some(([pr, pc]) => pr === r && pc === c);
              return (
                <button
                  key={i}
                  id={`board-cell-${r}-${c}`}
                  type="button"
                  class={`game-cell ${state}${picked ? ' picked' : ''}`}
                  disabled={state !== 'free' || match.phase !== 'your-turn'}
                  aria-label={`row ${r + 1}, column ${c + 1}: ${state}`}
                  onClick={() => click(r, c)}
                />
              );
            })}
          </div>
          <p id="board-status" class="status">
            {match.phase === 'your-turn' && 'Your move.'}
            {match.phase === 'thinking' && 'The engine is thinking…'}
            {match.phase === 'stalled' && (
              <button type="button" class="secondary" onClick={() => retry.current?.()}>
                Ask the engine again
              </button>
            )}
            {match.phase === 'over' && <strong id="board-result">{match.result}</strong>}
          </p>
          {analysis && (
            <div id="board-hints-text" class="hints">
              {analysis.outcome === 'P'
                ? 'Grundy value 0: every move loses against perfect play.'
                : `Grundy value ${analysis.grundy}: winning moves: ${analysis.winningMoves.map((w) => w.move).join('; ')}.`}
            </div>
          )}
          <ol id="board-log" class="log">
            {match.log.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
