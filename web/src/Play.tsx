/**
 * Play tab: pick any family's example (the catalog's, from the registry) or type a spec and a
 * position, choose the convention, and play against the server's perfect opponent. Positions of
 * numbers are drawn as heaps of tokens (the unit word, heap or pile, is the ruleset's); positions
 * written as text (boards, graphs) go to BoardPlay, and games where a turn places a piece and gives
 * one (a 'result' ruleset whose view draws a board and a tray: Quarto) to PlaceGivePlay. The board's click model
 * (board.ts) fits every move shape: click tokens to take them (a run from the middle splits a heap,
 * as in Kayles), click the gap between two tokens to cut a heap there (Grundy's game, Stone Piles,
 * Lasker's Nim), mark tokens in several piles when piles move together (Wythoff), then press Move.
 * Hints point only at moves the board can click ("Show me" marks them); undo, a copyable record of
 * the moves, and an explain panel for the position. The ruleset and position live in the URL.
 *
 * The state and its transitions are play-state.ts; this file asks the server what the state waits
 * for and draws it.
 */
import { useEffect, useMemo, useReducer, useRef } from 'preact/hooks';
import { moveWords as describeMove } from '../../src/service/local.ts';
import { api, type Catalog, errorText, lastMoveAnalysis, specSuggestions } from './api.ts';
import { BoardPlay, positionText } from './Boards.tsx';
import { hasMarks, targetOf } from './board.ts';
import { ExplainPanel } from './Explain.tsx';
import { PlaceGivePlay, placeGiveOf } from './PlaceGive.tsx';
import { hashVisit, paramsFor, replaceHash } from './url-state.ts';
import { CONVENTION_WORDS, CONVENTIONS, type Convention, readConvention } from './convention.ts';
import { ErrorLine } from './controls.tsx';
import {
  type ClickableMove,
  type Game,
  type PlayAction,
  type PlayState,
  type Turn,
  type TurnReply,
  canUndo,
  clickableHints,
  drawsGaps,
  heapValues,
  initialPlayState,
  nimSumOf,
  playReducer,
  recordText,
  startsAtOnce,
} from './play-state.ts';

const LISTED_MOVES = 60;

type Dispatch = (action: PlayAction) => void;

/** A position of numbers as the API sends it (numbers, or text of numbers). */
function numbersOf(position: string | readonly (number | string)[]): number[] {
  return positionText(position).split(' ').filter(Boolean).map(Number);
}

/** The player's turn at `position`: the legal moves and, with hints on, the analysis (asked only when there is a move). */
async function askYourTurn(game: Game, position: readonly number[], hints: boolean): Promise<TurnReply> {
  const reply = await api.options({ ruleset: game.ruleset, position: [...position] });
  const options = reply.options.map(numbersOf);
  // The hints come before the turn is shown: the board is live only when everything it shows is current.
  const analysis =
    hints && options.length > 0
      ? lastMoveAnalysis(
          await api.analyze({ ruleset: game.ruleset, heaps: [...position], convention: game.convention }),
        )
      : null;
  return { position, options, truncated: reply.truncated, analysis };
}

/** What the game waits for: the engine's move (then the player's turn after it), or the player's turn. */
async function askTurn(game: Game, turn: Turn, hints: boolean): Promise<PlayAction> {
  if (turn.who === 'you') return { type: 'turn', turn, ...(await askYourTurn(game, turn.position, hints)) };
  const reply = await api.move({ ruleset: game.ruleset, position: [...turn.position], convention: game.convention });
  if (reply.to === null) return { type: 'engine-stuck', turn };
  const to = numbersOf(reply.to);
  return { type: 'turn', turn, engine: { to, outcome: reply.outcome }, ...(await askYourTurn(game, to, hints)) };
}

export function Play({ catalog }: { catalog: Catalog }) {
  const [state, dispatch] = useReducer(playReducer, paramsFor('play'), (params) =>
    initialPlayState(params, catalog.families[0]?.example),
  );
  const visit = useMemo(hashVisit, []);
  const { game, boardGame, hints } = state;

  const start = async () => {
    dispatch({ type: 'starting' });
    try {
      const info = await api.describe({ ruleset: state.spec.trim() });
      dispatch({ type: 'described', ruleset: info.ruleset, unit: info.unit });
    } catch (e) {
      dispatch({ type: 'failed', error: errorText(e) });
    }
  };

  // A link with a position starts its game at once.
  useEffect(() => {
    if (startsAtOnce(paramsFor('play'))) void start();
  }, []);

  // The request the game waits for, asked again after a failure when the player retries.
  const waiting = game?.phase === 'thinking' ? game.waiting : null;
  useEffect(() => {
    if (!game || !waiting) return;
    askTurn(game, waiting, hints).then(dispatch, (e) =>
      dispatch({ type: 'failed', error: errorText(e), turn: waiting }),
    );
  }, [waiting]);

  // Hints turned on during the player's turn: the analysis of the position shown.
  useEffect(() => {
    if (game?.phase !== 'your-turn' || !hints || state.analysis) return;
    const { position } = game;
    api
      .analyze({ ruleset: game.ruleset, heaps: [...position], convention: game.convention })
      .then(lastMoveAnalysis)
      .then(
        (analysis) => dispatch({ type: 'hinted', position, analysis }),
        (e) => dispatch({ type: 'failed', error: errorText(e) }),
      );
  }, [hints, game?.phase, game?.position]);

  useEffect(() => {
    if (game)
      replaceHash(
        'play',
        { ruleset: game.ruleset, position: game.position.join(','), convention: game.convention },
        visit,
      );
  }, [game?.ruleset, game?.position.join(',')]);

  return (
    <section class="play" data-state={game?.phase ?? 'setup'} id="play">
      <PlaySetup catalog={catalog} state={state} dispatch={dispatch} start={start} />
      <ErrorLine error={state.error} />
      {!game && !boardGame && (
        <p class="note">
          Choose a game (or type a ruleset and a position), then start a game. On heaps, click tokens to take them
          (taking from the middle splits a heap), click the gap between two tokens to cut a heap there, then press Move;
          on a board, click its cells.
        </p>
      )}
      {boardGame && placeGiveOf(boardGame.ruleset) && (
        <PlaceGivePlay
          key={boardGame.n}
          setup={boardGame}
          hints={hints}
          onPosition={(board) => replaceHash('play', { ruleset: boardGame.ruleset, board }, visit)}
        />
      )}
      {boardGame && !placeGiveOf(boardGame.ruleset) && (
        <BoardPlay
          key={boardGame.n}
          setup={boardGame}
          hints={hints}
          onPosition={(board) =>
            replaceHash('play', { ruleset: boardGame.ruleset, board, convention: boardGame.convention }, visit)
          }
        />
      )}
      {game && <HeapGame game={game} state={state} dispatch={dispatch} />}
    </section>
  );
}

/** The setup form: an example or a typed spec and position, who moves first, the convention, the hints switch. */
function PlaySetup({
  catalog,
  state,
  dispatch,
  start,
}: {
  catalog: Catalog;
  state: PlayState;
  dispatch: Dispatch;
  start: () => void;
}) {
  const suggestions = specSuggestions(catalog);
  return (
    <form
      class="row"
      onSubmit={(e) => {
        e.preventDefault();
        start();
      }}
    >
      <label>
        Game{' '}
        <select
          id="play-game"
          value=""
          onChange={(e) => {
            const family = catalog.families.find((f) => f.name === e.currentTarget.value);
            if (family) dispatch({ type: 'example', example: family.example });
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
          value={state.spec}
          onInput={(e) => dispatch({ type: 'spec', spec: e.currentTarget.value })}
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
        <input
          id="play-heaps"
          value={state.positionText}
          onInput={(e) => dispatch({ type: 'position', text: e.currentTarget.value })}
          size={12}
        />
      </label>
      <label>
        <input
          id="play-engine-first"
          type="checkbox"
          checked={state.engineFirst}
          onChange={(e) => dispatch({ type: 'engine-first', on: e.currentTarget.checked })}
        />{' '}
        engine moves first
      </label>
      <label>
        <select
          id="play-convention"
          value={state.convention}
          onChange={(e) => dispatch({ type: 'convention', convention: readConvention(e.currentTarget.value) })}
        >
          {CONVENTIONS.map((c: Convention) => (
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
          checked={state.hints}
          onChange={(e) => dispatch({ type: 'hints', on: e.currentTarget.checked })}
        />{' '}
        show nim-sums and winning moves
      </label>
    </form>
  );
}

/** A game on the heap board: its status, the heaps of tokens, the buttons, hints, moves, explain panel, log and record. */
function HeapGame({ game, state, dispatch }: { game: Game; state: PlayState; dispatch: Dispatch }) {
  const { marks, analysis } = state;
  const yourTurnNow = game.phase === 'your-turn';
  const splits = drawsGaps(game);
  // Hints: only moves the board can click; the first one is marked on the tokens.
  const clickable = clickableHints(game, analysis);

  // Keyboard play: when the Move button was disabled under the focus (the engine's turn), focus returns to the board.
  const board = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!yourTurnNow || (document.activeElement && document.activeElement !== document.body)) return;
    board.current?.querySelector<HTMLButtonElement>('.token:not(:disabled)')?.focus();
  }, [game.phase, game.position.join(',')]);

  return (
    <div class="board" ref={board}>
      <GameStatus game={game} splits={splits} dispatch={dispatch} />
      {game.position.map((h, i) => (
        <Heap
          key={i}
          game={game}
          index={i}
          size={h}
          state={state}
          hint={clickable[0]?.marks.get(i)}
          splits={splits}
          dispatch={dispatch}
        />
      ))}
      <p class="row">
        <button type="button" id="play-move" disabled={!yourTurnNow} onClick={() => dispatch({ type: 'move' })}>
          Move
        </button>
        <button
          type="button"
          id="play-clear"
          class="secondary"
          disabled={!yourTurnNow || !hasMarks(marks)}
          onClick={() => dispatch({ type: 'marks', marks: new Map() })}
        >
          Clear marks
        </button>
        <button
          type="button"
          id="play-undo"
          class="secondary"
          disabled={!canUndo(state)}
          onClick={() => dispatch({ type: 'undo' })}
        >
          Undo
        </button>
        {yourTurnNow && hasMarks(marks) && (
          <span class="note" id="play-preview">
            leaves {targetOf(game.unit, game.position, marks).join(' ')}
          </span>
        )}
      </p>
      {analysis && <Hints game={game} state={state} clickable={clickable} splits={splits} dispatch={dispatch} />}
      {yourTurnNow && <MoveList game={game} dispatch={dispatch} />}
      <ExplainPanel
        id="play-explain"
        spec={game.ruleset}
        position={[...game.position]}
        convention={game.convention}
        summary="Explain this position: options, mex, nim-sum"
      />
      <ol class="log" id="play-log">
        {game.log.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ol>
      {game.record.length > 0 && <GameRecord game={game} copied={state.copied} dispatch={dispatch} />}
    </div>
  );
}

/** Whose turn it is in words, the retry button after a failed request, or the result. */
function GameStatus({ game, splits, dispatch }: { game: Game; splits: boolean; dispatch: Dispatch }) {
  return (
    <p class="status" id="play-status" aria-live="polite">
      {game.phase === 'your-turn' &&
        (game.unit === 'pile'
          ? 'Your move: mark the tokens to take from one or more piles, then press Move.'
          : `Your move: mark the tokens to take${splits ? ' or the gaps to cut' : ''}, then press Move.`)}
      {game.phase === 'thinking' && 'The engine is thinking…'}
      {game.phase === 'stalled' && (
        <>
          The last request failed (see above).{' '}
          <button type="button" id="play-retry" class="secondary" onClick={() => dispatch({ type: 'retry' })}>
            Try again
          </button>
        </>
      )}
      {game.phase === 'over' && <strong id="play-result">{game.result}</strong>}
    </p>
  );
}

/** One heap: its tokens to mark for taking and, where moves split heaps, the gaps to cut. */
function Heap({
  game,
  index: i,
  size: h,
  state,
  hint,
  splits,
  dispatch,
}: {
  game: Game;
  index: number;
  size: number;
  state: PlayState;
  hint: { readonly taken: readonly number[]; readonly cuts: readonly number[] } | undefined;
  splits: boolean;
  dispatch: Dispatch;
}) {
  const m = state.marks.get(i);
  const values = heapValues(state.analysis);
  const live = game.phase === 'your-turn';
  return (
    <div class="heap" data-heap={i} role="group" aria-label={`${game.unit} ${i + 1}: ${h} token${h === 1 ? '' : 's'}`}>
      <span class="heap-label">
        {game.unit} {i + 1}: {h}
        {values && (
          <span class="grundy" title="Grundy value of this heap">
            {' '}
            · g = {values[i]}
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
                class={['gap', cut ? 'cut' : '', hint?.cuts.includes(t) ? 'winning' : ''].filter(Boolean).join(' ')}
                data-gap={t}
                aria-pressed={cut}
                aria-label={`cut ${game.unit} ${i + 1} between tokens ${t} and ${t + 1}`}
                disabled={!live}
                onClick={() => dispatch({ type: 'toggle-cut', heap: i, gap: t })}
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
              disabled={!live}
              onClick={() => dispatch({ type: 'toggle-token', heap: i, token: t })}
            />,
          ];
        })}
      </span>
    </div>
  );
}

/** The analysis in words: the nim-sum, the outcome, and the winning moves the board can mark. */
function Hints({
  game,
  state,
  clickable,
  splits,
  dispatch,
}: {
  game: Game;
  state: PlayState;
  clickable: readonly ClickableMove[];
  splits: boolean;
  dispatch: Dispatch;
}) {
  const analysis = state.analysis!;
  const nimSum = nimSumOf(analysis);
  return (
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
        <>
          <p class="note">
            Green marks one winning move on the board: take the green tokens
            {splits ? ' and cut at the green gaps' : ''}, then press Move. Each move below can be marked for you.
          </p>
          <ul>
            {clickable.slice(0, LISTED_MOVES).map((w) => (
              <li key={w.to.join(',')}>
                {describeMove(game.position, w.to)}{' '}
                <button type="button" class="link" onClick={() => dispatch({ type: 'marks', marks: w.marks })}>
                  mark it
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Every legal move (the first LISTED_MOVES), each playable by a click. */
function MoveList({ game, dispatch }: { game: Game; dispatch: Dispatch }) {
  return (
    <details class="moves">
      <summary>
        All legal moves ({game.options.length}
        {game.truncated ? '+' : ''})
      </summary>
      <ul>
        {game.options.slice(0, LISTED_MOVES).map((to) => (
          <li key={to.join(',')}>
            <button type="button" class="link" onClick={() => dispatch({ type: 'play', to })}>
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
  );
}

/** The moves as text, to copy. */
function GameRecord({ game, copied, dispatch }: { game: Game; copied: string | null; dispatch: Dispatch }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recordText(game));
      dispatch({ type: 'copied', note: 'Copied.' });
    } catch {
      dispatch({ type: 'copied', note: 'Select the text above and copy it.' });
    }
  };
  return (
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
        <button type="button" class="secondary" id="play-copy" onClick={copy}>
          Copy
        </button>
        {copied && (
          <span class="note" aria-live="polite">
            {copied}
          </span>
        )}
      </p>
    </details>
  );
}
