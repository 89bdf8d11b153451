/**
 * Play tab: pick any family's example (the catalog's, from the registry) or type a spec and a
 * position, choose the convention, and play against the server's perfect opponent. Positions of
 * numbers are drawn as heaps of tokens (the unit word, heap or pile, is the ruleset's); positions
 * written as text (boards, graphs) go to BoardPlay. The board's click model
 * (board.ts) fits every move shape: click tokens to take them (a run from the middle splits a heap,
 * as in Kayles), click the gap between two tokens to cut a heap there (Grundy's game, Stone Piles,
 * Lasker's Nim), mark tokens in several piles when piles move together (Wythoff), then press Move.
 * Hints point only at moves the board can click ("Show me" marks them); undo, a copyable record of
 * the moves, and an explain panel for the position. The ruleset and position live in the URL.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { moveWords as describeMove } from '../../src/service/local.ts';
import { type AnalyzeReply, api, type Catalog, errorText } from './api.ts';
import { BoardPlay, type BoardSetup, positionText } from './Boards.tsx';
import {
  hasMarks,
  marksFor,
  matchMove,
  moveLine,
  targetOf,
  toggleCut,
  toggleToken,
  type Marks,
  type Unit,
} from './board.ts';
import { ExplainPanel } from './Explain.tsx';
import { heapsField } from './numbers.ts';
import { paramsFor, replaceHash } from './url-state.ts';
import { CONVENTION_WORDS, CONVENTIONS, type Convention, readConvention, stuckText } from './convention.ts';
import { ErrorLine } from './controls.tsx';

/** What the board can draw: beyond this the tokens no longer fit a row. */
const MAX_DRAWN_HEAPS = 10;
const MAX_DRAWN_HEAP = 100;
const LISTED_MOVES = 60;

/** 'stalled': a request of the engine's turn failed; the player may ask again. */
type Phase = 'setup' | 'your-turn' | 'thinking' | 'stalled' | 'over';

interface Game {
  ruleset: string;
  unit: Unit;
  position: number[];
  phase: Phase;
  log: string[];
  /** The game record: one "from -> to" line per move. */
  record: string[];
  options: number[][];
  truncated: boolean;
  result: string | null;
  /** Fixed when the game starts. */
  convention: Convention;
}

/** A position where it was the player's turn, to undo back to. */
interface Snapshot {
  position: number[];
  log: string[];
  record: string[];
}

/** The text of an example's position: its heap or pile sizes, or its board (empty: the spec's start). */
function exampleText(example: { heaps?: readonly number[]; board?: string }): string {
  return example.heaps?.join(' ') ?? example.board ?? '';
}

/** The winning moves of an analysis that the heap board can show: positions of numbers. */
function numberMoves(analysis: AnalyzeReply): number[][] {
  return analysis.winningMoves.flatMap((m) => (typeof m.to === 'string' ? [] : [m.to.map(Number)]));
}

/** A position of numbers as the API sends it (numbers, or text of numbers). */
function numbersOf(position: string | readonly (number | string)[]): number[] {
  return positionText(position).split(' ').filter(Boolean).map(Number);
}

export function Play({ catalog }: { catalog: Catalog }) {
  const initial = paramsFor('play');
  const first = catalog.families[0];
  const [spec, setSpec] = useState(initial.get('ruleset') ?? first?.example.spec ?? '');
  const [heapsText, setHeapsText] = useState(
    initial.get('board') ?? initial.get('position')?.replace(/,/g, ' ') ?? (first ? exampleText(first.example) : ''),
  );
  const [engineFirst, setEngineFirst] = useState(false);
  const [hints, setHints] = useState(false);
  const [convention, setConvention] = useState<Convention>(readConvention(initial.get('convention')));
  const [game, setGame] = useState<Game | null>(null);
  /** A game whose positions are text (a board, a graph): BoardPlay plays it; `n` remounts it for each new game. */
  const [boardGame, setBoardGame] = useState<(BoardSetup & { n: number }) | null>(null);
  const [marks, setMarks] = useState<Marks>(new Map());
  const [analysis, setAnalysis] = useState<AnalyzeReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  // A second click before the page re-renders must not play a second move from the same position.
  const busy = useRef(false);
  /** What to run again when the engine's turn failed (a time limit, a lost connection). */
  const retry = useRef<(() => Promise<void>) | null>(null);
  const history = useRef<Snapshot[]>([]);

  function parseHeaps(unit: Unit): number[] {
    const heaps = heapsField(heapsText, unit);
    if (heaps.length > MAX_DRAWN_HEAPS)
      throw new Error(`The board draws at most ${MAX_DRAWN_HEAPS} heaps; use \`nimber play\` for more.`);
    if (heaps.some((h) => h > MAX_DRAWN_HEAP))
      throw new Error(
        `The board draws heaps of at most ${MAX_DRAWN_HEAP} tokens; use \`nimber play\` for bigger ones.`,
      );
    return heaps;
  }

  /** The player's turn at `position`: fetch the legal moves (and the hints); no move means the engine won. */
  async function yourTurn(g: Game, position: number[], showHints = hints) {
    setMarks(new Map());
    const reply = await api.options({ ruleset: g.ruleset, position });
    const options = reply.options.map(numbersOf);
    const { truncated } = reply;
    if (options.length === 0) {
      setGame({ ...g, position, phase: 'over', options, truncated, result: stuckText(g.convention, 'you') });
      setAnalysis(null);
      return;
    }
    // The hints come before the turn is shown: the board is live only when everything it shows is current.
    const hinted = showHints
      ? await api.analyze({ ruleset: g.ruleset, heaps: position, convention: g.convention })
      : null;
    history.current.push({ position, log: g.log, record: g.record });
    setGame({ ...g, position, phase: 'your-turn', options, truncated });
    setAnalysis(hinted);
  }

  async function engineTurn(g: Game, position: number[]) {
    retry.current = () => engineTurn(g, position);
    setMarks(new Map());
    setGame({ ...g, position, phase: 'thinking' });
    const reply = await api.move({ ruleset: g.ruleset, position, convention: g.convention });
    if (reply.to === null) {
      setGame({ ...g, position, phase: 'over', options: [], result: stuckText(g.convention, 'engine') });
      setAnalysis(null);
      return;
    }
    const why = reply.outcome === 'N' ? 'a winning move' : 'no winning move exists, so it plays for time';
    const to = numbersOf(reply.to);
    const next = {
      ...g,
      log: [...g.log, `Engine: ${describeMove(position, to)} (${why})`],
      record: [...g.record, `engine: ${moveLine(position, to)}`],
    };
    await yourTurn(next, to);
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
      // The last game goes first: a Start that fails (a refused spec, a timeout) must not leave its
      // board, "Your move." and hint under the new error as if they were the new game's.
      setGame(null);
      setAnalysis(null);
      setBoardGame(null);
      const info = await api.describe({ ruleset: spec.trim() });
      if (info.unit === null) {
        // Positions written as text: the board's own play, under the same settings.
        const text = heapsText.trim();
        setBoardGame({
          ruleset: info.ruleset,
          board: text || undefined,
          convention,
          engineFirst,
          n: (boardGame?.n ?? 0) + 1,
        });
        return;
      }
      const heaps = parseHeaps(info.unit);
      const g: Game = {
        ruleset: info.ruleset,
        unit: info.unit,
        position: heaps,
        phase: 'thinking',
        log: [],
        record: [],
        options: [],
        truncated: false,
        result: null,
        convention,
      };
      history.current = [];
      setGame(g);
      setAnalysis(null);
      retry.current = () => (engineFirst ? engineTurn(g, heaps) : yourTurn(g, heaps));
      if (engineFirst) await engineTurn(g, heaps);
      else await yourTurn(g, heaps);
    });

  // A link with a position starts its game at once.
  useEffect(() => {
    if (initial.get('position') || initial.get('board') !== null) void start();
  }, []);
  useEffect(() => {
    if (game)
      replaceHash('play', { ruleset: game.ruleset, position: game.position.join(','), convention: game.convention });
  }, [game?.ruleset, game?.position.join(',')]);

  // Keyboard play: when the Move button was disabled under the focus (the engine's turn), focus returns to the board.
  const board = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (game?.phase !== 'your-turn' || (document.activeElement && document.activeElement !== document.body)) return;
    board.current?.querySelector<HTMLButtonElement>('.token:not(:disabled)')?.focus();
  }, [game?.phase, game?.position.join(',')]);

  const play = (to: number[]) =>
    guarded(async () => {
      if (game?.phase !== 'your-turn') return;
      if (!game.options.some((o) => o.join(',') === to.join(','))) {
        const note = game.truncated ? ` (among the first ${game.options.length} legal moves)` : '';
        throw new Error(`Not a legal move in ${game.ruleset}${note}: ${describeMove(game.position, to)}.`);
      }
      const next = {
        ...game,
        log: [...game.log, `You: ${describeMove(game.position, to)}`],
        record: [...game.record, `you: ${moveLine(game.position, to)}`],
      };
      await engineTurn(next, to);
    });

  /** Plays what the board's marks make, or says why it is no move. */
  const playMarks = () => {
    if (game?.phase !== 'your-turn') return;
    if (!hasMarks(marks)) {
      setError('Mark the tokens to take (or the gaps to cut) first, then press Move.');
      return;
    }
    const to = matchMove(game.unit, game.position, marks, game.options);
    if (to) return play(to);
    const target = targetOf(game.unit, game.position, marks);
    setError(`Not a legal move in ${game.ruleset}: ${describeMove(game.position, target)}.`);
  };

  const undo = () =>
    guarded(async () => {
      if (!game || (game.phase !== 'your-turn' && game.phase !== 'over' && game.phase !== 'stalled')) return;
      const stack = history.current;
      if (game.phase === 'your-turn') stack.pop(); // the current turn
      const back = stack.pop();
      if (!back) return;
      setAnalysis(null);
      await yourTurn(
        {
          ...game,
          log: [...back.log, `(undone back to ${back.position.join(' ')})`],
          record: back.record,
          result: null,
        },
        back.position,
      );
    });

  const toggleHints = (on: boolean) =>
    guarded(async () => {
      setHints(on);
      if (!on) setAnalysis(null);
      else if (game && game.phase === 'your-turn')
        setAnalysis(await api.analyze({ ruleset: game.ruleset, heaps: game.position, convention: game.convention }));
    });

  const copyRecord = async () => {
    if (!game) return;
    try {
      await navigator.clipboard.writeText(recordText(game));
      setCopied('Copied.');
    } catch {
      setCopied('Select the text above and copy it.');
    }
  };

  const yourTurnNow = game?.phase === 'your-turn';
  // Hints: only moves the board can click; the first one is marked on the tokens.
  const clickable =
    game && analysis
      ? numberMoves(analysis)
          .map((to) => ({ to, marks: marksFor(game.unit, game.position, to) }))
          .filter((m) => m.marks)
      : [];
  const hinted = clickable[0]?.marks ?? null;
  // Gaps are drawn only where some legal move splits a heap without taking from it.
  const splits = game?.options.some((o) => o.length > game.position.length && sum(o) === sum(game.position)) ?? false;
  const heapValues = analysis && 'grundy' in analysis && Array.isArray(analysis.grundy) ? analysis.grundy : null;
  const nimSum = analysis && 'nimSum' in analysis ? analysis.nimSum : null;
  const suggestions = [
    ...catalog.families.map((f) => (f.args === 'none' ? f.name : `${f.name}:`)),
    ...Object.keys(catalog.aliases),
  ];

  return (
    <section class="play" data-state={game?.phase ?? 'setup'} id="play">
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <label>
          Game{' '}
          <select
            id="play-game"
            value=""
            onChange={(e) => {
              const family = catalog.families.find((f) => f.name === e.currentTarget.value);
              if (!family) return;
              setSpec(family.example.spec);
              setHeapsText(exampleText(family.example));
            }}
          >
            <option value="">an example…</option>
            {catalog.families.map((f) => (
              <option key={f.name} value={f.name} title={f.what}>
                {f.example.spec}
              </option>
            ))}
          </select>
        </label>
        <label>
          Ruleset{' '}
          <input
            id="play-spec"
            list="play-specs"
            value={spec}
            onInput={(e) => setSpec(e.currentTarget.value)}
            size={18}
            spellcheck={false}
            autocapitalize="off"
          />
        </label>
        <datalist id="play-specs">
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <label>
          Position{' '}
          <input id="play-heaps" value={heapsText} onInput={(e) => setHeapsText(e.currentTarget.value)} size={12} />
        </label>
        <label>
          <input
            id="play-engine-first"
            type="checkbox"
            checked={engineFirst}
            onChange={(e) => setEngineFirst(e.currentTarget.checked)}
          />{' '}
          engine moves first
        </label>
        <label>
          <select
            id="play-convention"
            value={convention}
            onChange={(e) => setConvention(readConvention(e.currentTarget.value))}
          >
            {CONVENTIONS.map((c) => (
              <option key={c} value={c} title={CONVENTION_WORDS[c].rule}>
                {CONVENTION_WORDS[c].name}
              </option>
            ))}
          </select>
        </label>
        <button id="play-start" type="submit">
          New game
        </button>
        <label>
          <input
            id="play-hints"
            type="checkbox"
            checked={hints}
            onChange={(e) => toggleHints(e.currentTarget.checked)}
          />{' '}
          show nim-sums and winning moves
        </label>
      </form>
      <ErrorLine error={error} />
      {!game && !boardGame && (
        <p class="note">
          Choose a game (or type a ruleset and a position), then start a game. On heaps, click tokens to take them
          (taking from the middle splits a heap), click the gap between two tokens to cut a heap there, then press Move;
          on a board, click its cells.
        </p>
      )}
      {boardGame && (
        <BoardPlay
          key={boardGame.n}
          setup={boardGame}
          hints={hints}
          onPosition={(board) =>
            replaceHash('play', { ruleset: boardGame.ruleset, board, convention: boardGame.convention })
          }
        />
      )}
      {game && (
        <div class="board" ref={board}>
          <p class="status" id="play-status" aria-live="polite">
            {yourTurnNow &&
              (game.unit === 'pile'
                ? 'Your move: mark the tokens to take from one or more piles, then press Move.'
                : `Your move: mark the tokens to take${splits ? ' or the gaps to cut' : ''}, then press Move.`)}
            {game.phase === 'thinking' && 'The engine is thinking…'}
            {game.phase === 'stalled' && (
              <>
                The last request failed (see above).{' '}
                <button
                  type="button"
                  id="play-retry"
                  class="secondary"
                  onClick={() => retry.current && guarded(retry.current)}
                >
                  Try again
                </button>
              </>
            )}
            {game.phase === 'over' && <strong id="play-result">{game.result}</strong>}
          </p>
          {game.position.map((h, i) => {
            const m = marks.get(i);
            const hint = hinted?.get(i);
            return (
              <div
                class="heap"
                data-heap={i}
                key={i}
                role="group"
                aria-label={`${game.unit} ${i + 1}: ${h} token${h === 1 ? '' : 's'}`}
              >
                <span class="heap-label">
                  {game.unit} {i + 1}: {h}
                  {heapValues && (
                    <span class="grundy" title="Grundy value of this heap">
                      {' '}
                      · g = {heapValues[i]}
                    </span>
                  )}
                </span>
                <span class="tokens">
                  {Array.from({ length: h }, (_, t) => {
                    const taken = m?.taken.includes(t) ?? false;
                    const cut = m?.cuts.includes(t) ?? false;
                    return [
                      splits && t > 0 && (
                        <button
                          key={`g${t}`}
                          type="button"
                          class={['gap', cut ? 'cut' : '', hint?.cuts.includes(t) ? 'winning' : '']
                            .filter(Boolean)
                            .join(' ')}
                          data-gap={t}
                          aria-pressed={cut}
                          aria-label={`cut ${game.unit} ${i + 1} between tokens ${t} and ${t + 1}`}
                          disabled={!yourTurnNow}
                          onClick={() => setMarks(toggleCut(marks, i, t))}
                        />
                      ),
                      <button
                        key={`t${t}`}
                        type="button"
                        class={['token', taken ? 'taken' : '', hint?.taken.includes(t) ? 'winning' : '']
                          .filter(Boolean)
                          .join(' ')}
                        data-token={t}
                        aria-pressed={taken}
                        aria-label={`${game.unit} ${i + 1}, token ${t + 1} of ${h}`}
                        disabled={!yourTurnNow}
                        onClick={() => setMarks(toggleToken(marks, i, t))}
                      />,
                    ];
                  })}
                </span>
              </div>
            );
          })}
          <p class="row">
            <button type="button" id="play-move" disabled={!yourTurnNow} onClick={playMarks}>
              Move
            </button>
            <button
              type="button"
              id="play-clear"
              class="secondary"
              disabled={!yourTurnNow || !hasMarks(marks)}
              onClick={() => setMarks(new Map())}
            >
              Clear marks
            </button>
            <button
              type="button"
              id="play-undo"
              class="secondary"
              disabled={game.phase === 'thinking' || history.current.length < (yourTurnNow ? 2 : 1)}
              onClick={undo}
            >
              Undo
            </button>
            {yourTurnNow && hasMarks(marks) && (
              <span class="note" id="play-preview">
                leaves {targetOf(game.unit, game.position, marks).join(' ')}
              </span>
            )}
          </p>
          {analysis && (
            <div class="hints" id="play-hints-box">
              <p>
                {nimSum !== null && (
                  <>
                    nim-sum <strong>{nimSum}</strong>:{' '}
                  </>
                )}
                {CONVENTION_WORDS[analysis.convention].name} ({analysis.method}):{' '}
                {analysis.outcome === 'N'
                  ? 'an N-position — you can win from here.'
                  : 'a P-position — every move loses against perfect play.'}
              </p>
              {clickable.length > 0 && (
                <p class="note">
                  Green marks one winning move on the board: take the green tokens
                  {splits ? ' and cut at the green gaps' : ''}, then press Move. Each move below can be marked for you.
                </p>
              )}
              {clickable.length > 0 && (
                <ul>
                  {clickable.slice(0, LISTED_MOVES).map((w) => (
                    <li key={w.to.join(',')}>
                      {describeMove(game.position, w.to)}{' '}
                      <button type="button" class="link" onClick={() => setMarks(w.marks!)}>
                        mark it
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {yourTurnNow && (
            <details class="moves">
              <summary>
                All legal moves ({game.options.length}
                {game.truncated ? '+' : ''})
              </summary>
              <ul>
                {game.options.slice(0, LISTED_MOVES).map((to) => (
                  <li key={to.join(',')}>
                    <button type="button" class="link" onClick={() => play(to)}>
                      {describeMove(game.position, to)}
                    </button>
                  </li>
                ))}
              </ul>
              {game.options.length > LISTED_MOVES && (
                <p class="note">
                  … and {game.options.length - LISTED_MOVES}
                  {game.truncated ? '+' : ''} more.
                </p>
              )}
            </details>
          )}
          <ExplainPanel
            id="play-explain"
            spec={game.ruleset}
            position={game.position}
            convention={game.convention}
            summary="Explain this position: options, mex, nim-sum"
          />
          <ol class="log" id="play-log">
            {game.log.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ol>
          {game.record.length > 0 && (
            <details class="record">
              <summary>The moves as text</summary>
              <textarea
                id="play-record"
                readOnly
                rows={Math.min(10, game.record.length + 2)}
                aria-label="The game's moves, one per line"
              >
                {recordText(game)}
              </textarea>
              <p class="row">
                <button type="button" class="secondary" id="play-copy" onClick={copyRecord}>
                  Copy
                </button>
                {copied && (
                  <span class="note" aria-live="polite">
                    {copied}
                  </span>
                )}
              </p>
            </details>
          )}
        </div>
      )}
    </section>
  );

  function recordText(g: Game): string {
    return [`# ${g.ruleset}`, ...g.record].join('\n') + '\n';
  }
}

function sum(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}
