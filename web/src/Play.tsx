/** Play tab: set up heaps, move by clicking tokens (or from the list of legal moves); the server's perfect opponent answers. */
import { useRef, useState } from 'preact/hooks';
import { describeMove } from '../../src/engine/solve/wording.ts';
import { api, errorText, type Analysis, type Catalog } from './api.ts';
import { stuckText, type Convention } from './convention.ts';

/** What the board can draw: beyond this the tokens no longer fit a row. */
const MAX_DRAWN_HEAPS = 10;
const MAX_DRAWN_HEAP = 100;
const LISTED_MOVES = 60;

/** 'stalled': a request of the engine's turn failed; the player may ask again. */
type Phase = 'setup' | 'your-turn' | 'thinking' | 'stalled' | 'over';

interface Game {
  ruleset: string;
  /** 'heap' for sums of heaps, 'pile' where piles move together (coupled rulesets). */
  unit: 'heap' | 'pile';
  position: number[];
  phase: Phase;
  log: string[];
  options: number[][];
  truncated: boolean;
  result: string | null;
  /** Fixed when the game starts. */
  convention: Convention;
}

export function Play({ catalog }: { catalog: Catalog }) {
  const [spec, setSpec] = useState('nim');
  const [heapsText, setHeapsText] = useState('3 4 5');
  const [engineFirst, setEngineFirst] = useState(false);
  const [hints, setHints] = useState(false);
  const [misere, setMisere] = useState(false);
  const [game, setGame] = useState<Game | null>(null);
  const [analysis, setAnalysis] = useState<(Analysis & { method?: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A second click before the page re-renders must not play a second move from the same position.
  const busy = useRef(false);
  /** What to run again when the engine's turn failed (a time limit, a lost connection). */
  const retry = useRef<(() => Promise<void>) | null>(null);

  function parseHeaps(): number[] {
    const words = heapsText.trim().split(/[\s,]+/).filter(Boolean);
    if (words.length === 0) throw new Error('Give the heap sizes, e.g. 3 4 5.');
    const heaps = words.map((w) => {
      if (!/^\d+$/.test(w)) throw new Error(`Heap sizes are whole numbers; "${w}" is not.`);
      return Number(w);
    });
    if (heaps.length > MAX_DRAWN_HEAPS) throw new Error(`The board draws at most ${MAX_DRAWN_HEAPS} heaps; use \`nimber play\` for more.`);
    if (heaps.some((h) => h > MAX_DRAWN_HEAP)) throw new Error(`The board draws heaps of at most ${MAX_DRAWN_HEAP} tokens; use \`nimber play\` for bigger ones.`);
    return heaps;
  }

  /** The player's turn at `position`: fetch the legal moves (and the hints); no move means the engine won. */
  async function yourTurn(g: Game, position: number[], showHints = hints) {
    const { options, truncated } = await api.options(g.ruleset, position);
    if (options.length === 0) {
      setGame({ ...g, position, phase: 'over', options, truncated, result: stuckText(g.convention, 'you') });
      setAnalysis(null);
      return;
    }
    setGame({ ...g, position, phase: 'your-turn', options, truncated });
    setAnalysis(showHints ? await api.analyze(g.ruleset, position, g.convention) : null);
  }

  async function engineTurn(g: Game, position: number[]) {
    retry.current = () => engineTurn(g, position);
    setGame({ ...g, position, phase: 'thinking' });
    const reply = await api.move(g.ruleset, position, g.convention);
    if (reply.to === null) {
      setGame({ ...g, position, phase: 'over', options: [], result: stuckText(g.convention, 'engine') });
      setAnalysis(null);
      return;
    }
    const why = reply.outcome === 'N' ? 'a winning move' : 'no winning move exists, so it plays for time';
    const next = { ...g, log: [...g.log, `Engine: ${describeMove(position, reply.to)} (${why})`] };
    await yourTurn(next, reply.to);
  }

  async function guarded(action: () => Promise<void>) {
    if (busy.current) return;
    busy.current = true;
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorText(e));
      setGame((g) => (g && g.phase === 'thinking' ? { ...g, phase: 'stalled' } : g));
    } finally {
      busy.current = false;
    }
  }

  const start = () =>
    guarded(async () => {
      const heaps = parseHeaps();
      const info = await api.describe(spec.trim());
      const unit = info.kind === 'coupled' ? 'pile' : 'heap';
      const g: Game = { ruleset: info.ruleset, unit, position: heaps, phase: 'thinking', log: [], options: [], truncated: false, result: null, convention: misere ? 'misere' : 'normal' };
      setGame(g);
      setAnalysis(null);
      retry.current = () => (engineFirst ? engineTurn(g, heaps) : yourTurn(g, heaps));
      if (engineFirst) await engineTurn(g, heaps);
      else await yourTurn(g, heaps);
    });

  const play = (to: number[]) =>
    guarded(async () => {
      if (!game || game.phase !== 'your-turn') return;
      const key = to.join(',');
      if (!game.options.some((o) => o.join(',') === key)) {
        const note = game.truncated ? ` (among the first ${game.options.length} legal moves)` : '';
        throw new Error(`Not a legal move in ${game.ruleset}${note}: ${describeMove(game.position, to)}.`);
      }
      const next = { ...game, log: [...game.log, `You: ${describeMove(game.position, to)}`] };
      await engineTurn(next, to);
    });

  const toggleHints = (on: boolean) =>
    guarded(async () => {
      setHints(on);
      if (!on) setAnalysis(null);
      else if (game && game.phase === 'your-turn') setAnalysis(await api.analyze(game.ruleset, game.position, game.convention));
    });

  const winningTargets = new Set((analysis?.winningMoves ?? []).map((m) => m.to.join(',')));
  const suggestions = [...catalog.families.map((f) => (f.args === 'none' ? f.name : `${f.name}:`)), ...Object.keys(catalog.aliases)];

  return (
    <section class="play" data-state={game?.phase ?? 'setup'} id="play">
      <div class="row">
        <label>
          Ruleset <input id="play-spec" list="play-specs" value={spec} onInput={(e) => setSpec(e.currentTarget.value)} size={22} spellcheck={false} />
        </label>
        <datalist id="play-specs">{suggestions.map((s) => <option key={s} value={s} />)}</datalist>
        <label>
          Heaps <input id="play-heaps" value={heapsText} onInput={(e) => setHeapsText(e.currentTarget.value)} size={16} />
        </label>
        <label>
          <input id="play-engine-first" type="checkbox" checked={engineFirst} onChange={(e) => setEngineFirst(e.currentTarget.checked)} /> engine moves first
        </label>
        <label title="misère play: the player who makes the last move loses">
          <input id="play-misere" type="checkbox" checked={misere} onChange={(e) => setMisere(e.currentTarget.checked)} /> misère
        </label>
        <button id="play-start" onClick={start}>New game</button>
        <label>
          <input id="play-hints" type="checkbox" checked={hints} onChange={(e) => toggleHints(e.currentTarget.checked)} /> show nim-sums and winning moves
        </label>
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      {!game && <p class="note">Choose a ruleset and heaps, then start a game. Click a token to leave that many tokens below it in its heap (the clicked token and those to its right are taken).</p>}
      {game && (
        <div class="board">
          <p class="status" id="play-status">
            {game.phase === 'your-turn' && 'Your move: click a token.'}
            {game.phase === 'thinking' && 'The engine is thinking…'}
            {game.phase === 'stalled' && (
              <>
                The last request failed (see above).{' '}
                <button id="play-retry" class="secondary" onClick={() => retry.current && guarded(retry.current)}>Try again</button>
              </>
            )}
            {game.phase === 'over' && <strong id="play-result">{game.result}</strong>}
          </p>
          {game.position.map((h, i) => (
            <div class="heap" data-heap={i} key={i}>
              <span class="heap-label">{game.unit} {i + 1}: {h}{analysis?.grundy && <span class="grundy" title="Grundy value of this heap"> · g = {analysis.grundy[i]}</span>}</span>
              <span class="tokens">
                {Array.from({ length: h }, (_, j) => {
                  const to = game.position.map((x, k) => (k === i ? j : x));
                  const winning = winningTargets.has(to.join(','));
                  return (
                    <button
                      key={j}
                      class={winning ? 'token winning' : 'token'}
                      data-leave={j}
                      disabled={game.phase !== 'your-turn'}
                      title={`take ${h - j}, leaving ${j}`}
                      onClick={() => play(to)}
                    />
                  );
                })}
              </span>
            </div>
          ))}
          {analysis && (
            <div class="hints" id="play-hints-box">
              <p>
                {typeof analysis.nimSum === 'number' && <>nim-sum <strong>{analysis.nimSum}</strong>: </>}
                {analysis.method && <>misère play ({analysis.method}): </>}
                {analysis.outcome === 'N' ? 'an N-position — you can win from here.' : 'a P-position — every move loses against perfect play.'}
              </p>
              {analysis.winningMoves.length > 0 && analysis.grundy && <p class="note">Green tokens are winning clicks; g is each heap's Grundy value and the nim-sum is their XOR.</p>}
              {analysis.winningMoves.length > 0 && (
                <ul>
                  {analysis.winningMoves.slice(0, LISTED_MOVES).map((m) => (
                    <li key={m.to.join(',')}>
                      <button class="link" onClick={() => play(m.to)}>{describeMove(game.position, m.to)}</button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {game.phase === 'your-turn' && (
            <details class="moves">
              <summary>All legal moves ({game.options.length}{game.truncated ? '+' : ''})</summary>
              <ul>
                {game.options.slice(0, LISTED_MOVES).map((to) => (
                  <li key={to.join(',')}>
                    <button class="link" onClick={() => play(to)}>{describeMove(game.position, to)}</button>
                  </li>
                ))}
              </ul>
              {game.options.length > LISTED_MOVES && <p class="note">… and {game.options.length - LISTED_MOVES}{game.truncated ? '+' : ''} more.</p>}
            </details>
          )}
          <ol class="log" id="play-log">
            {game.log.map((line, i) => <li key={i}>{line}</li>)}
          </ol>
        </div>
      )}
    </section>
  );
}
