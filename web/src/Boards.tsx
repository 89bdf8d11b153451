/**
 * Games whose positions are written as text (boards, graphs) on the page: a value table of a family's
 * R x C boards (Explore, families with the 'rectangles' capability), the analysis of one position,
 * and a position a person plays against the server's perfect opponent under the chosen convention
 * (Play): drawn as a grid where the ruleset's view has one (src/views/), and as a list of legal moves
 * always. Rules come from the ruleset, drawing and clicks from its view (viewOf), so no family is named
 * here; values, legal moves and the engine's moves come from the API.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { parseGameSpec } from '../../src/engine/spec.ts';
import { methodWords } from '../../src/service/text.ts';
import { viewOf } from '../../src/views/registry.ts';
import { type AnalyzeReply, ApiError, api, type Catalog, errorText } from './api.ts';
import { CONVENTION_WORDS, CONVENTIONS, type Convention, stuckText } from './convention.ts';
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
      return (await api.analyze({ ruleset: ruleset.spec, board, convention })).outcome;
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
      const board = ruleset.formatPosition(ruleset.sized!.start(k));
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
          const board = ruleset.formatPosition(ruleset.rectangle!(i, j));
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
 * winning moves as a list; with `show`, each move has a button that marks it on the board.
 */
export function GameAnalysis({ reply, show }: { reply: AnalyzeReply; show?: (to: string) => void }) {
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
        {moves.length === 0 ? 'every move loses against perfect play.' : 'winning moves:'}
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
    </div>
  );
}

type Phase = 'your-turn' | 'thinking' | 'stalled' | 'over';

/** What Play hands over to start a game on a board or graph. */
export interface BoardSetup {
  /** The ruleset's canonical spec. */
  readonly ruleset: string;
  /** The start position's text (absent: the spec's start). */
  readonly board?: string;
  readonly convention: Convention;
  readonly engineFirst: boolean;
}

interface Match {
  /** The position, as the API writes it. */
  position: string;
  phase: Phase;
  picks: [number, number][];
  options: string[];
  log: string[];
  result: string | null;
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
  const ruleset = useMemo(() => parseGameSpec(setup.ruleset), [setup.ruleset]);
  const drawing = useMemo(() => viewOf(ruleset), [ruleset]);
  const [match, setMatch] = useState<Match | null>(null);
  const [analysis, setAnalysis] = useState<AnalyzeReply | null>(null);
  /** The cells a hint's "show it" marks (those its move changes), as "row,col"; cleared by the next position. */
  const [shownCells, setShownCells] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const retry = useRef<(() => Promise<void>) | null>(null);
  const { convention } = setup;

  const analyze = (board: string) => api.analyze({ ruleset: setup.ruleset, board, convention });

  async function yourTurn(m: Match, board: string) {
    const { options } = await api.options({ ruleset: setup.ruleset, board });
    if (options.length === 0) {
      setMatch({ ...m, position: board, phase: 'over', picks: [], options: [], result: stuckText(convention, 'you') });
      setAnalysis(null);
      return;
    }
    setMatch({ ...m, position: board, phase: 'your-turn', picks: [], options: options.map(positionText) });
    setAnalysis(hints ? await analyze(board) : null);
  }

  async function engineTurn(m: Match, board: string) {
    const thinking = { ...m, position: board, phase: 'thinking' as const, picks: [], options: [] };
    setMatch(thinking);
    setAnalysis(null);
    try {
      const reply = await api.move({ ruleset: setup.ruleset, board, convention });
      if (reply.to === null) {
        setMatch({ ...thinking, phase: 'over', result: stuckText(convention, 'engine') });
        return;
      }
      const to = positionText(reply.to);
      const words = reply.move ?? ruleset.describeMove(ruleset.parsePosition(board), ruleset.parsePosition(to));
      await yourTurn({ ...thinking, log: [...m.log, `Engine: ${words}`] }, to);
    } catch (err) {
      retry.current = () => engineTurn(m, board);
      setMatch({ ...thinking, phase: 'stalled' });
      setError(errorText(err));
    }
  }

  // A new setup starts a new game (Play remounts this component for each one).
  useEffect(() => {
    const start = setup.board ?? (ruleset.start === null ? '' : ruleset.formatPosition(ruleset.start));
    const m: Match = { position: start, phase: 'thinking', picks: [], options: [], log: [], result: null };
    const begin = setup.engineFirst ? engineTurn(m, start) : yourTurn(m, start);
    begin.catch((err) => setError(errorText(err)));
  }, []);
  // Which move took each cell, so that pieces (Cram's dominoes) are told apart by colour.
  const pieces = useRef<{ position: string | null; owner: Map<string, number>; moves: number }>({
    position: null,
    owner: new Map(),
    moves: 0,
  });
  useEffect(() => {
    if (match) onPosition?.(match.position);
    setShownCells(new Set());
  }, [match?.position]);
  // Noted while rendering, so the new piece is coloured in the render that first draws it.
  if (match && pieces.current.position !== match.position) {
    const seen = pieces.current;
    const view = drawing.grid;
    if (view && seen.position !== null) {
      const before = ruleset.parsePosition(seen.position);
      const after = ruleset.parsePosition(match.position);
      const { rows, cols } = view.size(after);
      let took = false;
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++)
          if (view.cell(before, r, c) === 'free' && view.cell(after, r, c) === 'taken') {
            seen.owner.set(`${r},${c}`, seen.moves);
            took = true;
          }
      if (took) seen.moves++;
    }
    seen.position = match.position;
  }
  // Hints switched on or off during the player's turn.
  useEffect(() => {
    if (match?.phase !== 'your-turn') return;
    if (!hints) setAnalysis(null);
    else analyze(match.position).then(setAnalysis, (err) => setError(errorText(err)));
  }, [hints]);

  /** Plays the move to `to` (a position's text). */
  async function play(to: string) {
    if (match?.phase !== 'your-turn') return;
    setError(null);
    const words = ruleset.describeMove(ruleset.parsePosition(match.position), ruleset.parsePosition(to));
    await engineTurn({ ...match, picks: [], log: [...match.log, `You: ${words}`] }, to);
  }

  async function click(row: number, col: number) {
    if (match?.phase !== 'your-turn' || !drawing.grid) return;
    const view = drawing.grid;
    const again = match.picks.findIndex(([r, c]) => r === row && c === col);
    if (again >= 0) {
      setMatch({ ...match, picks: match.picks.filter((_, i) => i !== again) });
      return;
    }
    const position = ruleset.parsePosition(match.position);
    let picks: [number, number][] = [...match.picks, [row, col]];
    let to = view.pick(position, picks);
    if (to === null && picks.length > 1) {
      picks = [[row, col]];
      to = view.pick(position, picks);
    }
    if (to === null) return;
    if (to === 'more') {
      setMatch({ ...match, picks });
      return;
    }
    await play(ruleset.formatPosition(to));
  }

  const view = drawing.grid;
  const drawn = match ? ruleset.parsePosition(match.position) : null;
  // clicked cells that already make a move a longer one could extend (coin turning): offered as they stand
  const completed =
    view?.complete && match?.phase === 'your-turn' && match.picks.length > 0 ? view.complete(drawn, match.picks) : null;
  const size = match && view ? view.size(drawn) : null;
  /** Marks on the board the cells the move to `to` changes (taken, or turned over). */
  const showMove = (to: string) => {
    if (!view || !size) return;
    const after = ruleset.parsePosition(to);
    const changed = new Set<string>();
    for (let r = 0; r < size.rows; r++)
      for (let c = 0; c < size.cols; c++)
        if (
          view.cell(drawn, r, c) !== view.cell(after, r, c) ||
          view.label?.(drawn, r, c) !== view.label?.(after, r, c)
        )
          changed.add(`${r},${c}`);
    setShownCells(changed);
  };
  return (
    <section class="board-section" id="board-play">
      <ErrorLine error={error} />
      {match && (
        <div>
          <h2>
            {ruleset.title} <code>{ruleset.spec}</code>
          </h2>
          {view && <p class="note">{view.howToMove}.</p>}
          {view && size && (
            <div id="game-board" class="game-board" style={{ gridTemplateColumns: `repeat(${size.cols}, 34px)` }}>
              {Array.from({ length: size.rows * size.cols }, (_, i) => {
                const r = Math.floor(i / size.cols);
                const c = i % size.cols;
                const state = view.cell(drawn, r, c);
                const picked = match.picks.some(([pr, pc]) => pr === r && pc === c);
                const label = view.label?.(drawn, r, c);
                const piece = state === 'taken' ? pieces.current.owner.get(`${r},${c}`) : undefined;
                return (
                  <button
                    key={i}
                    id={`board-cell-${r}-${c}`}
                    type="button"
                    class={`game-cell ${state}${picked ? ' picked' : ''}${shownCells.has(`${r},${c}`) ? ' winning' : ''}`}
                    data-piece={piece}
                    style={piece === undefined ? undefined : PIECE_COLOURS[piece % PIECE_COLOURS.length]}
                    disabled={state !== 'free' || match.phase !== 'your-turn'}
                    aria-label={`row ${r + 1}, column ${c + 1}: ${label ?? state}`}
                    onClick={() => click(r, c)}
                  >
                    {label}
                  </button>
                );
              })}
            </div>
          )}
          {completed !== null && (
            <p>
              <button type="button" id="board-complete" onClick={() => play(ruleset.formatPosition(completed))}>
                Play: {ruleset.describeMove(drawn, completed)}
              </button>
            </p>
          )}
          {!view && (
            <p>
              Position <code id="board-position">{match.position}</code>
            </p>
          )}
          {!view && drawing.outline && drawn !== null && (
            <figure id="board-outline" class="outline" aria-label="schematic of the position">
              {drawing.outline(drawn).map((box) => (
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
          )}
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
              <GameAnalysis reply={analysis} show={view ? showMove : undefined} />
            </div>
          )}
          {match.phase === 'your-turn' && (
            <details class="moves" id="board-moves" open={!view}>
              <summary>All legal moves ({match.options.length})</summary>
              <ul>
                {match.options.slice(0, LISTED_MOVES).map((to) => (
                  <li key={to}>
                    <button type="button" class="link" onClick={() => play(to)}>
                      {ruleset.describeMove(drawn, ruleset.parsePosition(to))}
                    </button>
                  </li>
                ))}
              </ul>
            </details>
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
