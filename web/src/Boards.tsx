/**
 * Games whose positions are written as text (boards, graphs) on the page: a value table of a family's
 * R x C boards (Explore, families with the 'rectangles' capability), the analysis of one position,
 * and a position a person plays against the server's perfect opponent under the chosen convention
 * (Play): drawn as a grid where the ruleset's view has one (src/views/), and as a list of legal moves
 * always. Rules come from the ruleset, drawing and clicks from its view (viewOf), so no family is named
 * here; values, legal moves and the engine's moves come from the API. The game's state and its
 * transitions are board-play-state.ts; BoardPlay asks the server what that state awaits and draws it.
 */
import { useEffect, useLayoutEffect, useReducer, useState } from 'preact/hooks';
import { parseGameSpec } from '../../src/engine/spec.ts';
import { methodWords } from '../../src/service/text.ts';
import type { OutlineBox } from '../../src/views/types.ts';
import { type AnalyzeReply, ApiError, api, type Catalog, errorText, lastMoveAnalysis } from './api.ts';
import {
  type BoardPlayAction,
  type BoardSetup,
  type BoardTurn,
  boardPlayReducer,
  completedMove,
  drawnGrid,
  type EngineReply,
  initialBoardPlay,
  movesInWords,
} from './board-play-state.ts';
import { CONVENTION_WORDS, CONVENTIONS, type Convention } from './convention.ts';
import './boards.css';
import { ErrorLine, NumberField, RunButton } from './controls.tsx';

/** The biggest value table the page asks for (one request per board). */
const MAX_TABLE_SIDE = 8;
/** Legal moves listed under the board. */
const LISTED_MOVES = 60;
/**
 * Colours of the pieces placed in a game, one per move in turn (taken cells from before the game stay
 * grey): neighbouring dominoes differ in hue and lightness.
 */
const PIECE_COLOURS: readonly { background: string; borderColor: string }[] = [
  { background: '#3b6fd8', borderColor: '#23468f' },
  { background: '#d9822b', borderColor: '#8f5216' },
  { background: '#2e9e6a', borderColor: '#1b6343' },
  { background: '#b5468f', borderColor: '#74295b' },
  { background: '#7a5cd6', borderColor: '#4b3590' },
  { background: '#c4a21e', borderColor: '#7d6711' },
];

/** A position as the API writes it: text for boards and graphs (numbers joined for heaps). */
export function positionText(position: string | readonly (number | string)[]): string {
  return typeof position === 'string' ? position : position.join(' ');
}

/** The most starts the page's outcome table asks for: each is one search on the server, within its time limit. */
const MAX_TABLE_SIZE = 8;

/**
 * Explore: the outcomes of a family's starts sized by one number (e.g. 1..6 spots) under both
 * conventions, one analysis per start and convention on the server.
 */
export function SizeExplore({ catalog }: { catalog: Catalog }) {
  const families = catalog.families.filter((f) => f.capabilities.includes('sizes') && f.args !== 'required');
  const [family, setFamily] = useState(families[0]?.name ?? '');
  const [upTo, setUpTo] = useState('5');
  const [rows, setRows] = useState<{ size: number; outcomes: string[] }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (families.length === 0) return null;
  const ruleset = parseGameSpec(family);
  const sizeName = ruleset.sized?.name ?? 'size';

  async function outcome(board: string, convention: Convention): Promise<string> {
    try {
      return lastMoveAnalysis(await api.analyze({ ruleset: ruleset.spec, board, convention })).outcome;
    } catch (err) {
      if (err instanceof ApiError && err.status === 504) return '?';
      setError(errorText(err));
      return '!';
    }
  }

  async function run(e: Event) {
    e.preventDefault();
    setError(null);
    const n = Number(upTo);
    if (!Number.isInteger(n) || n < 1 || n > MAX_TABLE_SIZE) {
      setError(`The number of ${sizeName} is a whole number from 1 to ${MAX_TABLE_SIZE}.`);
      return;
    }
    setBusy(true);
    const found: { size: number; outcomes: string[] }[] = [];
    setRows([]);
    for (let k = 1; k <= n; k++) {
      const board = ruleset.notation.formatPosition(ruleset.sized!.start(k));
      const row = { size: k, outcomes: CONVENTIONS.map(() => '…') };
      found.push(row);
      for (let c = 0; c < CONVENTIONS.length; c++) {
        row.outcomes[c] = await outcome(board, CONVENTIONS[c]);
        setRows([...found]);
      }
    }
    setBusy(false);
  }

  return (
    <section class="board-section">
      <h2>Games sized by one number</h2>
      <form class="row" onSubmit={run}>
        <label>
          Game{' '}
          <select id="size-table-game" value={family} onChange={(e) => setFamily(e.currentTarget.value)}>
            {families.map((f) => (
              <option key={f.name} value={f.name}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <NumberField id="size-table-to" label={`${sizeName} 1..`} value={upTo} set={setUpTo} />
        <RunButton id="size-table-run" busy={busy} label="Outcome table" />
      </form>
      <ErrorLine error={error} />
      {rows.length > 0 && (
        <table id="size-table" class="values">
          <thead>
            <tr>
              <th>{sizeName}</th>
              {CONVENTIONS.map((c) => (
                <th key={c}>{CONVENTION_WORDS[c].name}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.size}>
                <th>{row.size}</th>
                {row.outcomes.map((o, c) => (
                  <td key={CONVENTIONS[c]} class={o === 'P' ? 'zero' : ''}>
                    {o}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > 0 && (
        <p class="note">
          P: the player to move loses with perfect play; N: the player to move wins; ? = not finished within the
          server's time limit.
        </p>
      )}
    </section>
  );
}

/** Explore: the Grundy values of a family's empty R x C boards, computed board by board on the server. */
export function BoardExplore({ catalog }: { catalog: Catalog }) {
  // A table varies rows and columns, so the family's own name must be a spec (no required arguments).
  const families = catalog.families.filter((f) => f.capabilities.includes('rectangles') && f.args !== 'required');
  const [family, setFamily] = useState(families[0]?.name ?? '');
  const [rows, setRows] = useState('4');
  const [cols, setCols] = useState('5');
  const [cells, setCells] = useState<Map<string, string>>(new Map());
  const [size, setSize] = useState<[number, number] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (families.length === 0) return null;

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
          const board = ruleset.notation.formatPosition(ruleset.rectangle!(i, j));
          const reply = await api.analyze({ ruleset: ruleset.spec, board });
          found.set(`${i}x${j}`, 'grundy' in reply ? String(reply.grundy) : '?');
        } catch (err) {
          const timedOut = err instanceof ApiError && err.status === 504;
          found.set(`${i}x${j}`, timedOut ? '?' : '!');
          if (!timedOut) setError(errorText(err));
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
        <NumberField id="board-table-rows" label="rows 1.." value={rows} set={setRows} />
        <NumberField id="board-table-cols" label="columns 1.." value={cols} set={setCols} />
        <RunButton id="board-table-run" busy={busy} label="Value table" />
      </form>
      <ErrorLine error={error} />
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

/** The winning moves of an analysis in words (the move's words where the reply has them, else the position reached). */
function winningMoveWords(reply: AnalyzeReply): string[] {
  return reply.winningMoves.map((m) => ('move' in m ? m.move : positionText(m.to)));
}

/**
 * One analysis in words: the outcome under its convention, how it was found, the value if any, and the
 * winning moves as a list; with `show`, each move has a button that marks it on the board. A searched
 * game's analysis lists the first winning move found: a button asks the server for every one.
 */
export function GameAnalysis({ reply: first, show }: { reply: AnalyzeReply; show?: (to: string) => void }) {
  // every winning move, once asked for, of this analysis (a new analysis starts from its first move)
  const [every, setEvery] = useState<{ of: AnalyzeReply; reply: AnalyzeReply | null; error: string | null } | null>(
    null,
  );
  const asked = every?.of === first ? every : null;
  const reply = asked?.reply ?? first;
  const partial = 'allMoves' in reply && reply.allMoves === false && 'position' in reply;
  function askEvery() {
    if (!('position' in first)) return;
    setEvery({ of: first, reply: null, error: null });
    api.analyze({ ruleset: first.ruleset, board: first.position, convention: first.convention, allMoves: true }).then(
      (r) => setEvery({ of: first, reply: lastMoveAnalysis(r), error: null }),
      (err) => setEvery({ of: first, reply: null, error: errorText(err) }),
    );
  }
  const moves = winningMoveWords(reply);
  const value = 'grundy' in reply && typeof reply.grundy === 'number' ? reply.grundy : null;
  return (
    <div id="game-analysis">
      {'title' in reply && <h2>{reply.title}</h2>}
      {'position' in reply && (
        <p>
          Position <code>{reply.position}</code>
        </p>
      )}
      <p id="game-analysis-outcome">
        {reply.outcome}-position under {CONVENTION_WORDS[reply.convention].name} (answered by{' '}
        {'nodes' in reply ? methodWords(reply.method, reply.nodes) : reply.method})
        {value !== null && `, Grundy value ${value}`}:{' '}
        {moves.length === 0
          ? 'every move loses against perfect play.'
          : partial
            ? 'a winning move (the first the search found):'
            : 'winning moves:'}
      </p>
      {moves.length > 0 && (
        <ul id="game-analysis-moves">
          {moves.slice(0, LISTED_MOVES).map((words, i) => (
            <li key={words}>
              {words}
              {show && (
                <>
                  {' '}
                  <button type="button" class="link" onClick={() => show(positionText(reply.winningMoves[i].to))}>
                    show it
                  </button>
                </>
              )}
            </li>
          ))}
          {moves.length > LISTED_MOVES && <li>… and {moves.length - LISTED_MOVES} more</li>}
        </ul>
      )}
      {partial && (
        <p>
          <button
            type="button"
            class="secondary"
            id="game-analysis-every"
            disabled={asked !== null && !asked.error}
            onClick={askEvery}
          >
            {asked && !asked.error ? 'Searching every winning move…' : 'Every winning move'}
          </button>
          {asked?.error && <span class="error"> {asked.error}</span>}
        </p>
      )}
    </div>
  );
}

/** What Play hands over to start a game on a board or graph (defined with the game's state). */
export type { BoardSetup };

/** What the game waits for, asked of the server: the engine's move (then the player's moves after it), or the player's moves. */
async function askTurn(setup: BoardSetup, turn: BoardTurn): Promise<BoardPlayAction> {
  let board = turn.position;
  let engine: EngineReply | undefined;
  if (turn.who === 'engine') {
    const reply = await api.move({ ruleset: setup.ruleset, board, convention: setup.convention });
    if (reply.to === null) return { type: 'engine-stuck', turn };
    engine = { to: positionText(reply.to), move: reply.move };
    board = engine.to;
  }
  const { options } = await api.options({ ruleset: setup.ruleset, board });
  return { type: 'turn', turn, engine, options: options.map(positionText) };
}

/** Play: a position of a game on a board or graph against the server's perfect opponent (clicks on its grid, or its listed moves). */
export function BoardPlay({
  setup,
  hints,
  onPosition,
}: {
  setup: BoardSetup;
  hints: boolean;
  /** Each position of the game as it is reached (Play keeps it in the address). */
  onPosition?: (board: string) => void;
}) {
  // Play remounts this component for each new game (a new setup).
  const [state, dispatch] = useReducer(boardPlayReducer, undefined, () => initialBoardPlay(setup, hints));
  const { phase, position, analysis } = state;

  // The request the game waits for, asked again after a failure when the player retries.
  const waiting = phase === 'thinking' ? state.waiting : null;
  useEffect(() => {
    if (!waiting) return;
    askTurn(setup, waiting).then(dispatch, (err) => dispatch({ type: 'failed', turn: waiting, error: errorText(err) }));
  }, [waiting]);

  useEffect(() => {
    if (hints !== state.hints) dispatch({ type: 'hints', on: hints });
  }, [hints]);

  // The analysis of the position the player is to move from, while hints are on.
  useEffect(() => {
    if (phase !== 'your-turn' || !state.hints || analysis) return;
    api
      .analyze({ ruleset: setup.ruleset, board: position, convention: setup.convention })
      .then(lastMoveAnalysis)
      .then(
        (reply) => dispatch({ type: 'hinted', position, analysis: reply }),
        (err) => dispatch({ type: 'hint-failed', position, error: errorText(err) }),
      );
  }, [state.hints, phase, position]);

  // Written in the same task as the render that draws the position, so the address never lags the board.
  useLayoutEffect(() => onPosition?.(position), [position]);

  const { ruleset, view } = state;
  const grid = drawnGrid(state);
  const completed = completedMove(state);
  const outline = !grid && view.outline ? view.outline(ruleset.notation.parsePosition(position)) : null;
  return (
    <section class="board-section" id="board-play">
      <ErrorLine error={state.error} />
      <div>
        <h2>
          {ruleset.title} <code>{ruleset.spec}</code>
        </h2>
        {view.grid && <p class="note">{view.grid.howToMove}.</p>}
        {grid && <BoardGrid grid={grid} yourTurn={phase === 'your-turn'} dispatch={dispatch} />}
        {completed !== null && (
          <p>
            <button type="button" id="board-complete" onClick={() => dispatch({ type: 'play', to: completed.to })}>
              Play: {completed.words}
            </button>
          </p>
        )}
        {!grid && (
          <p>
            Position <code id="board-position">{position}</code>
          </p>
        )}
        {outline && <BoardOutline boxes={outline} />}
        <p id="board-status" class="status">
          {phase === 'your-turn' && 'Your move.'}
          {phase === 'thinking' && 'The engine is thinking…'}
          {phase === 'stalled' && (
            <button type="button" class="secondary" onClick={() => dispatch({ type: 'retry' })}>
              {state.waiting?.who === 'engine' ? 'Ask the engine again' : 'Ask for the legal moves again'}
            </button>
          )}
          {phase === 'over' && <strong id="board-result">{state.result}</strong>}
        </p>
        {analysis && (
          <div id="board-hints-text" class="hints">
            <GameAnalysis reply={analysis} show={grid ? (to) => dispatch({ type: 'show', to }) : undefined} />
          </div>
        )}
        {phase === 'your-turn' && (
          <details class="moves" id="board-moves" open={!grid}>
            <summary>All legal moves ({state.options.length})</summary>
            <ul>
              {movesInWords(state, LISTED_MOVES).map(({ to, words }) => (
                <li key={to}>
                  <button type="button" class="link" onClick={() => dispatch({ type: 'play', to })}>
                    {words}
                  </button>
                </li>
              ))}
            </ul>
          </details>
        )}
        <ol id="board-log" class="log">
          {state.log.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** The grid of cells to click; each placed piece in its own colour. */
function BoardGrid({
  grid,
  yourTurn,
  dispatch,
}: {
  grid: NonNullable<ReturnType<typeof drawnGrid>>;
  yourTurn: boolean;
  dispatch: (action: BoardPlayAction) => void;
}) {
  return (
    <div id="game-board" class="game-board" style={{ gridTemplateColumns: `repeat(${grid.cols}, 34px)` }}>
      {grid.cells.map(({ row: r, col: c, state, label, picked, shown, piece }) => (
        <button
          key={`${r},${c}`}
          id={`board-cell-${r}-${c}`}
          type="button"
          class={`game-cell ${state}${picked ? ' picked' : ''}${shown ? ' winning' : ''}`}
          data-piece={piece}
          style={piece === undefined ? undefined : PIECE_COLOURS[piece % PIECE_COLOURS.length]}
          disabled={state !== 'free' || !yourTurn}
          aria-label={`row ${r + 1}, column ${c + 1}: ${label ?? state}`}
          onClick={() => dispatch({ type: 'click', row: r, col: c })}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** A schematic of the position where no grid fits (Sprouts' regions and their boundaries). */
function BoardOutline({ boxes }: { boxes: OutlineBox[] }) {
  return (
    <figure id="board-outline" class="outline" aria-label="schematic of the position">
      {boxes.map((box) => (
        <div key={box.label} class="outline-box">
          <strong>{box.label}</strong>
          {box.rows.map((row) => (
            <div key={row.label} class="outline-row">
              <span class="note">{row.label}</span>
              {row.items.map((item) => (
                <span key={item} class="outline-item">
                  {item}
                </span>
              ))}
            </div>
          ))}
        </div>
      ))}
    </figure>
  );
}
