/**
 * Play for a game where a turn places the piece you were given and then gives the opponent one
 * (Quarto), against the server's engine: the board and the pieces drawn so a person tells them apart
 * at a glance (size, colour, shape, hole), the piece in hand apart, the tray of pieces left to give,
 * the board's text beside. A person places by clicking a square (or arrow keys and Enter, or typing
 * b3) and gives by clicking a piece in the tray (or typing its digit or its words); the engine
 * answers through the API's play operation and says whether its move is proved perfect or its best
 * found within the time limit. The rules and words are the ruleset's, the drawing its view's
 * (src/views/): no family is named here. The state is place-give-state.ts.
 */
import { useEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import { capabilitiesOf } from '../../src/engine/capabilities.ts';
import { InputError } from '../../src/engine/errors.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { ResultRuleset } from '../../src/engine/types.ts';
import { viewOf } from '../../src/views/registry.ts';
import type { PieceLook, PlaceGiveView } from '../../src/views/types.ts';
import { api, errorText, type ResultAnalysisReply } from './api.ts';
import { ErrorLine } from './controls.tsx';
import {
  canUndo,
  drawnBoard,
  type EngineTurn,
  initialPlaceGive,
  type PlaceGiveAction,
  type PlaceGiveSetup,
  type PlaceGiveState,
  placeGiveReducer,
} from './place-give-state.ts';
import './place-give.css';

type Dispatch = (action: PlaceGiveAction) => void;

/** Best moves listed under a hint. */
const LISTED_MOVES = 12;

/** The engine's move at the awaited turn, asked of the API's play operation. */
async function askEngine(setup: PlaceGiveSetup, turn: EngineTurn): Promise<PlaceGiveAction> {
  const reply = await api.play({ ruleset: setup.ruleset, board: turn.position, action: 'engine' });
  const engine = reply.engine;
  if (!engine || !('move' in engine)) throw new Error('The engine had no move here.');
  return {
    type: 'engine',
    turn,
    move: engine.move,
    verdict: {
      proved: engine.proved,
      result: engine.result ?? undefined,
      turns: engine.turns ?? undefined,
      alike: engine.alike,
    },
  };
}

/** The ruleset and its view when the spec names a place-and-give game; null otherwise. */
export function placeGiveOf(spec: string): { ruleset: ResultRuleset; view: PlaceGiveView<unknown> } | null {
  let ruleset: ReturnType<typeof parseRuleset>;
  try {
    ruleset = parseRuleset(spec);
  } catch {
    return null;
  }
  // a game decided by a result (win, draw, loss): the capability says so, never the kind or the name
  if (!capabilitiesOf(ruleset).includes('results')) return null;
  const result = ruleset as ResultRuleset;
  const view = viewOf(result).placeGive;
  return view ? { ruleset: result, view } : null;
}

/** A game from the setup; the board's one-line error when the ruleset does not read it. */
export function PlaceGivePlay({
  setup,
  hints = false,
  onPosition,
}: {
  setup: PlaceGiveSetup;
  /** Show the analysis of the position the player is to move from: the result with perfect play and the best moves. */
  hints?: boolean;
  /** Each position of the game as it is reached (Play keeps it in the address). */
  onPosition?: (board: string) => void;
}) {
  const game = useMemo(() => {
    const found = placeGiveOf(setup.ruleset);
    if (!found) return { error: `'${setup.ruleset}' is not played by placing and giving pieces.` };
    try {
      return { state: initialPlaceGive(setup, found.ruleset, found.view) };
    } catch (e) {
      if (e instanceof InputError) return { error: `Invalid input: ${e.message}.` };
      throw e;
    }
  }, [setup]);
  if ('error' in game) return <ErrorLine error={game.error} />;
  return <PlaceGiveGame start={game.state} hints={hints} onPosition={onPosition} />;
}

/** The analysis asked for a position (its text): under way, answered, or failed. */
type Hint = { readonly position: string; readonly reply?: ResultAnalysisReply; readonly error?: string };

function PlaceGiveGame({
  start,
  hints,
  onPosition,
}: {
  start: PlaceGiveState;
  hints: boolean;
  onPosition?: (board: string) => void;
}) {
  const [state, dispatch] = useReducer(
    (s: PlaceGiveState, a: PlaceGiveAction | { type: 'new' }) => (a.type === 'new' ? start : placeGiveReducer(s, a)),
    start,
  );
  const { ruleset, view, phase } = state;

  const waiting = phase === 'thinking' ? state.waiting : null;
  useEffect(() => {
    if (!waiting) return;
    askEngine(state.setup, waiting).then(dispatch, (e) =>
      dispatch({ type: 'failed', turn: waiting, error: errorText(e) }),
    );
  }, [waiting]);

  const text = ruleset.notation.formatPosition(state.position);
  const board = drawnBoard(state);
  // a position where a line stands is no start (the notation refuses it), so a won game's link keeps the position before
  useEffect(() => {
    if (board.line.length === 0) onPosition?.(text);
  }, [text]);

  // With hints on, the analysis of the position the player is to move from (dropped when the game has moved on).
  const [hint, setHint] = useState<Hint | null>(null);
  const yourTurn = phase === 'place' || (phase === 'give' && state.placed === null);
  useEffect(() => {
    if (!hints || !yourTurn || hint?.position === text) return;
    setHint({ position: text });
    const keep = (next: Hint) => setHint((now) => (now?.position === next.position ? next : now));
    api.analyze({ ruleset: ruleset.spec, board: text }).then(
      (reply) =>
        keep('result' in reply ? { position: text, reply } : { position: text, error: 'No result analysis came.' }),
      (e) => keep({ position: text, error: errorText(e) }),
    );
  }, [hints, yourTurn, text]);

  // Keyboard play: after a placement the focus goes on to the tray; when the player is to place again, back to the board.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = section.current;
    const active = document.activeElement;
    if (!root || (active && active !== document.body && !root.contains(active))) return;
    if (phase === 'give' && (!active || active === document.body || active.closest('#place-board')))
      root.querySelector<HTMLButtonElement>('.place-tray-piece:not(:disabled)')?.focus();
    if (phase === 'place' && (!active || active === document.body || (active as HTMLButtonElement).disabled))
      root.querySelector<HTMLButtonElement>('.place-cell[tabindex="0"]')?.focus();
  }, [phase]);

  return (
    <section class="board-section place-give" id="place-play" ref={section}>
      <h2>
        {ruleset.title} <code>{ruleset.spec}</code>
      </h2>
      <p class="note">{view.howToMove}.</p>
      <ErrorLine error={state.error} />
      <div class="place-layout">
        <BoardDrawing state={state} dispatch={dispatch} />
        <div class="place-side">
          <Hand view={view} piece={board.hand} placed={state.placed} />
          <Tray view={view} pieces={board.toGive} live={phase === 'give'} dispatch={dispatch} />
          <figure class="place-text">
            <figcaption class="note">As text</figcaption>
            <pre id="place-text">{ruleset.notation.drawPosition(state.position)}</pre>
            <code id="place-position">{text}</code>
          </figure>
        </div>
      </div>
      <Status state={state} dispatch={dispatch} />
      {hints && yourTurn && hint?.position === text && <Hints hint={hint} />}
      <TypedMove phase={phase} dispatch={dispatch} />
      <p class="row">
        <button
          type="button"
          id="place-undo"
          class="secondary"
          disabled={!canUndo(state)}
          onClick={() => dispatch({ type: 'undo' })}
        >
          {state.placed !== null ? 'Undo the placement' : 'Undo'}
        </button>
        <button type="button" id="place-new" class="secondary" onClick={() => dispatch({ type: 'new' })}>
          New game
        </button>
      </p>
      <ol id="place-moves" class="log" aria-label="moves">
        {state.log.map((m, i) => (
          <li key={i} data-who={m.who}>
            {m.who === 'you' ? 'You' : 'Engine'}: <code>{m.text}</code> — {m.words}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Whose turn it is and what to do, the engine's verdict on its last move, the result. */
function Status({ state, dispatch }: { state: PlaceGiveState; dispatch: Dispatch }) {
  const { phase, view } = state;
  return (
    <div aria-live="polite">
      <p id="place-status" class="status">
        {phase === 'place' && 'Your move: place the piece in hand on an empty square.'}
        {phase === 'give' &&
          (state.placed === null
            ? 'Your move: give the engine a piece to place.'
            : `Placed on ${view.cellName(state.placed)}: now give the engine a piece.`)}
        {phase === 'thinking' && 'The engine is thinking…'}
        {phase === 'stalled' && (
          <button type="button" id="place-retry" class="secondary" onClick={() => dispatch({ type: 'retry' })}>
            Ask the engine again
          </button>
        )}
        {phase === 'over' && <strong id="place-result">{state.result}</strong>}
      </p>
      {state.verdict && (
        <p id="place-verdict" class="note">
          {state.verdict}
        </p>
      )}
    </div>
  );
}

/** The analysis in words: the result with perfect play, and the best moves (or the best found so far). */
function Hints({ hint }: { hint: Hint }) {
  const { reply, error } = hint;
  return (
    <div id="place-hints" class="hints" aria-live="polite">
      {!reply && !error && <p class="note">Analysing this position…</p>}
      {error && <p class="error">{error}</p>}
      {reply && (
        <>
          <p>{reply.summary}</p>
          {reply.proved && reply.bestMoves.length > 0 && (
            <ul>
              {reply.bestMoves.slice(0, LISTED_MOVES).map((m) => (
                <li key={m.move}>
                  <code>{m.move}</code> — {m.words}
                </li>
              ))}
              {reply.bestMoves.length > LISTED_MOVES && <li>… and {reply.bestMoves.length - LISTED_MOVES} more</li>}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/** The move typed as text. */
function TypedMove({ phase, dispatch }: { phase: PlaceGiveState['phase']; dispatch: Dispatch }) {
  const [text, setText] = useState('');
  const live = phase === 'place' || phase === 'give';
  return (
    <form
      class="row"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() === '') return;
        dispatch({ type: 'typed', text });
        setText('');
      }}
    >
      <label>
        Type a move{' '}
        <input
          id="place-typed"
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          size={14}
          spellcheck={false}
          autocapitalize="off"
          placeholder="b3+5"
        />
      </label>
      <button type="submit" id="place-typed-play" disabled={!live}>
        Play
      </button>
    </form>
  );
}

/** The board: a square a click (or Enter) places on; the arrow keys move between squares. */
function BoardDrawing({ state, dispatch }: { state: PlaceGiveState; dispatch: Dispatch }) {
  const { view, phase } = state;
  const board = drawnBoard(state);
  const line = new Set(board.line);
  const [focus, setFocus] = useState(0);
  const grid = useRef<HTMLDivElement>(null);
  const live = phase === 'place';
  const move = (to: number) => {
    setFocus(to);
    grid.current?.querySelector<HTMLButtonElement>(`[data-cell="${to}"]`)?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -view.cols, ArrowDown: view.cols }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const col = focus % view.cols;
    if ((e.key === 'ArrowLeft' && col === 0) || (e.key === 'ArrowRight' && col === view.cols - 1)) return;
    const to = focus + step;
    if (to >= 0 && to < board.cells.length) move(to);
  };
  const letters = Array.from({ length: view.cols }, (_, c) => view.cellName(c).replace(/[0-9]+$/, ''));
  return (
    <div class="place-board-frame">
      <div class="place-letters" aria-hidden="true">
        {letters.map((l) => (
          <span key={l}>{l}</span>
        ))}
      </div>
      <div class="place-rows">
        <div class="place-numbers" aria-hidden="true">
          {Array.from({ length: view.rows }, (_, r) => (
            <span key={r}>{view.cellName(r * view.cols).replace(/^[a-z]+/i, '')}</span>
          ))}
        </div>
        <div
          id="place-board"
          ref={grid}
          class="place-board"
          role="group"
          aria-label="the board: arrow keys move between squares, Enter places the piece in hand"
          style={{ gridTemplateColumns: `repeat(${view.cols}, var(--place-cell))` }}
          onKeyDown={onKey}
        >
          {board.cells.map((piece, cell) => {
            const name = view.cellName(cell);
            return (
              <button
                key={cell}
                type="button"
                data-cell={cell}
                id={`place-cell-${name}`}
                class={`place-cell${piece === null ? '' : ' filled'}${line.has(cell) ? ' line' : ''}${state.placed === cell ? ' placed' : ''}`}
                tabIndex={cell === focus ? 0 : -1}
                aria-disabled={!live || piece !== null}
                aria-label={`${name}: ${piece === null ? 'empty' : view.pieceName(piece)}${line.has(cell) ? ', in the winning line' : ''}`}
                onFocus={() => setFocus(cell)}
                onClick={() => live && piece === null && dispatch({ type: 'place', cell })}
              >
                {piece !== null && <PieceDrawing look={view.look(piece)} />}
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** The piece to place, apart from the tray. */
function Hand({ view, piece, placed }: { view: PlaceGiveView<unknown>; piece: number | null; placed: number | null }) {
  return (
    <div id="place-hand" class="place-hand">
      <strong>In hand</strong>{' '}
      {piece === null ? (
        <span class="note">{placed === null ? 'nothing' : `placed on ${view.cellName(placed)}`}</span>
      ) : (
        <span class="place-piece-named" role="img" aria-label={view.pieceName(piece)}>
          <PieceDrawing look={view.look(piece)} />
          <span>
            {view.pieceName(piece)} <code>{view.pieceKey(piece)}</code>
          </span>
        </span>
      )}
    </div>
  );
}

/** The pieces left to give: a click gives one while the player is to give. */
function Tray({
  view,
  pieces,
  live,
  dispatch,
}: {
  view: PlaceGiveView<unknown>;
  pieces: readonly number[];
  live: boolean;
  dispatch: Dispatch;
}) {
  return (
    <div>
      <strong>Left to give</strong>
      <div id="place-tray" class="place-tray" role="group" aria-label="pieces left to give">
        {pieces.map((piece) => (
          <button
            key={piece}
            type="button"
            class="place-tray-piece"
            data-piece={view.pieceKey(piece)}
            aria-label={`give ${view.pieceName(piece)} (${view.pieceKey(piece)})`}
            title={`${view.pieceName(piece)} (${view.pieceKey(piece)})`}
            disabled={!live}
            onClick={() => dispatch({ type: 'give', piece })}
          >
            <PieceDrawing look={view.look(piece)} />
            <span class="place-key">{view.pieceKey(piece)}</span>
          </button>
        ))}
        {pieces.length === 0 && <span class="note">none</span>}
      </div>
    </div>
  );
}

/**
 * A piece seen from the side: tall pieces stand twice as high as short ones, dark ones are dark
 * brown and light ones pale wood, square ones have square corners and round ones fully rounded
 * sides, and a hollow one shows a hole in its top.
 */
export function PieceDrawing({ look }: { look: PieceLook }) {
  const width = 26;
  const height = look.tall ? 36 : 18;
  const x = 7;
  const y = 39 - height;
  const fill = look.dark ? '#5b3a1f' : '#f1dcaa';
  const stroke = look.dark ? '#2b1a0c' : '#8a6a2f';
  const radius = look.square ? 2 : width / 2;
  const holeFill = look.dark ? '#f7efe0' : '#3a2a18';
  return (
    <svg class="place-piece" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={radius}
        ry={look.square ? 2 : Math.min(width, height) / 2}
        fill={fill}
        stroke={stroke}
        stroke-width="2"
      />
      {look.hollow &&
        (look.square ? (
          <rect x={x + 8} y={y + 3} width={10} height={6} rx={1} fill={holeFill} />
        ) : (
          <ellipse cx={x + width / 2} cy={y + 6} rx={5.5} ry={3.5} fill={holeFill} />
        ))}
    </svg>
  );
}
