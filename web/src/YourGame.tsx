/**
 * "Your game" tab: an editor where a person types a game's rules as a JavaScript module (starting
 * from the examples), a position, and three buttons: Run (Grundy value, outcome, winning moves; a
 * row of Grundy values for heap games), Play (against the perfect opponent) and Share (a link that
 * carries the rules, compressed). The rules run only in a worker of this page (your-game-client.ts)
 * under the time limit; the server never sees them.
 */
import { useEffect, useMemo, useReducer } from 'preact/hooks';
import { ErrorLine } from './controls.tsx';
import { hashVisit, paramsFor, replaceAddress, replaceHash } from './url-state.ts';
import { decodeRules, encodeRules } from './rules-link.ts';
import { type RunAnswer, RulesRunner } from './your-game-client.ts';
import { EXAMPLES, exampleNamed } from './your-game-examples.ts';
import { initialYourGame, limitMs, type YourGameState, yourGameReducer } from './your-game-state.ts';

const errorLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0];

/** The link that opens this page on these rules and position. */
async function shareLink(state: YourGameState): Promise<string> {
  const params = new URLSearchParams();
  params.set('rules', await encodeRules(state.rules));
  if (state.position.trim()) params.set('position', state.position.trim());
  if (state.limit.trim() !== '5') params.set('limit', state.limit.trim());
  return `${location.origin}${location.pathname}#your-game?${params}`;
}

export function YourGame() {
  const runner = useMemo(() => new RulesRunner(), []);
  useEffect(() => () => runner.dispose(), []);
  const visit = useMemo(hashVisit, []);
  const [state, dispatch] = useReducer(yourGameReducer, null, () => {
    const params = paramsFor('your-game');
    const limit = params.get('limit') ?? '';
    if (params.has('rules')) return initialYourGame('', params.get('position') ?? '', '', limit);
    const example = exampleNamed(params.get('example') ?? '') ?? EXAMPLES[0];
    return initialYourGame(example.rules, params.get('position') ?? example.position, example.name, limit);
  });
  const { game } = state;

  const run = async (rules: string, position: string) => {
    dispatch({ type: 'running' });
    try {
      const answer = await runner.ask({ op: 'run', rules, position }, limitMs(state));
      dispatch({ type: 'ran', answer });
    } catch (e) {
      dispatch({ type: 'failed', error: errorLine(e) });
    }
  };

  // A shared link: its rules are decoded (the streams are async) and shown, not run: code from a
  // link runs only when the person who opened it presses Run or Play.
  useEffect(() => {
    const params = paramsFor('your-game');
    const encoded = params.get('rules');
    if (encoded === null) return;
    const position = params.get('position') ?? '';
    decodeRules(encoded).then(
      (rules) => dispatch({ type: 'loaded', rules, position }),
      (e) => dispatch({ type: 'failed', error: errorLine(e) }),
    );
  }, []);

  // The turn the game waits for, asked of the rules' worker.
  const waiting = game?.waiting ?? null;
  useEffect(() => {
    if (!game || !waiting) return;
    const question = { rules: game.rules, position: waiting.position };
    let limit: number;
    try {
      limit = limitMs(state);
    } catch (e) {
      dispatch({ type: 'failed', error: errorLine(e), turn: waiting });
      return;
    }
    const asked =
      waiting.who === 'you'
        ? runner.ask({ op: 'turn', ...question }, limit).then((answer) => ({ type: 'turn' as const, answer }))
        : runner.ask({ op: 'engine', ...question }, limit).then((answer) => ({ type: 'engine' as const, answer }));
    asked.then(
      (a) => dispatch({ ...a, turn: waiting } as Parameters<typeof dispatch>[0]),
      (e) => dispatch({ type: 'failed', error: errorLine(e), turn: waiting }),
    );
  }, [waiting]);

  const share = async () => {
    try {
      const link = await shareLink(state);
      replaceAddress(link, visit);
      dispatch({ type: 'shared', link });
      // The link is shown either way: a page without clipboard access (or permission) still offers it.
      await navigator.clipboard?.writeText(link).catch(() => undefined);
    } catch (e) {
      dispatch({ type: 'failed', error: errorLine(e) });
    }
  };

  return (
    <section class="your-game" id="your-game" data-busy={state.busy ? 'yes' : 'no'}>
      <p class="note">
        Write a game's rules as a JavaScript module (<code>export default {'{ … }'}</code>, as docs/your-own-game.md
        explains) or start from an example. The rules run only in this browser, in a worker stopped after the time
        limit.
      </p>
      <div class="row">
        <label>
          Example{' '}
          <select
            id="game-example"
            value={state.example}
            onChange={(e) => {
              const example = exampleNamed(e.currentTarget.value);
              if (!example) return;
              dispatch({ type: 'example', name: example.name, rules: example.rules, position: example.position });
              replaceHash('your-game', { example: example.name }, visit);
            }}
          >
            <option value="">your own…</option>
            {EXAMPLES.map((x) => (
              <option key={x.name} value={x.name}>
                {x.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Time limit (s){' '}
          <input
            id="game-limit"
            value={state.limit}
            onInput={(e) => dispatch({ type: 'limit', limit: e.currentTarget.value })}
            size={3}
            inputMode="decimal"
          />
        </label>
      </div>
      <textarea
        id="game-rules"
        class="rules-editor"
        value={state.rules}
        rows={22}
        spellcheck={false}
        autocapitalize="off"
        aria-label="The game's rules (a JavaScript module)"
        onInput={(e) => dispatch({ type: 'rules', rules: e.currentTarget.value })}
        onKeyDown={(e) => {
          // Tab indents (two spaces) rather than leaving the editor; Escape then Tab leaves it.
          if (e.key !== 'Tab' || e.shiftKey) return;
          e.preventDefault();
          const area = e.currentTarget;
          area.setRangeText('  ', area.selectionStart, area.selectionEnd, 'end');
          dispatch({ type: 'rules', rules: area.value });
        }}
      />
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          void run(state.rules, state.position);
        }}
      >
        <label>
          Position{' '}
          <input
            id="game-position"
            value={state.position}
            onInput={(e) => dispatch({ type: 'position', position: e.currentTarget.value })}
            size={24}
            spellcheck={false}
            autocapitalize="off"
          />
        </label>
        <button id="game-run" type="submit" disabled={state.busy}>
          {state.busy ? 'Computing…' : 'Run'}
        </button>
        <button id="game-play" type="button" disabled={state.busy} onClick={() => dispatch({ type: 'play' })}>
          Play
        </button>
        <label>
          <input
            id="game-engine-first"
            type="checkbox"
            checked={state.engineFirst}
            onChange={(e) => dispatch({ type: 'engine-first', engineFirst: e.currentTarget.checked })}
          />{' '}
          engine moves first
        </label>
        <button id="game-share" type="button" onClick={() => void share()}>
          Share
        </button>
      </form>
      {state.shared && (
        <p class="note">
          Link copied (or copy it from here):{' '}
          <input id="game-link" readOnly value={state.shared} size={40} onFocus={(e) => e.currentTarget.select()} />
        </p>
      )}
      {state.fromLink && (
        <p id="game-from-link" class="note">
          These rules came with a link: read them, then press Run or Play (they run only in this browser).
        </p>
      )}
      <ErrorLine error={state.error} />
      {state.result && <RunResult result={state.result} />}
      {game && (
        <div id="game-play-board" data-phase={game.phase}>
          <h3>
            Position: <code id="game-play-position">{game.position || '(empty)'}</code>
          </h3>
          {game.phase === 'thinking' && (
            <p class="note">{game.waiting?.who === 'engine' ? 'The engine thinks…' : '…'}</p>
          )}
          {game.result && <p id="game-result">{game.result}</p>}
          {game.phase === 'your-turn' && (
            <ul id="game-moves" class="game-moves">
              {game.moves.map((m) => (
                <li key={m.to}>
                  <button type="button" data-to={m.to} onClick={() => dispatch({ type: 'move', move: m })}>
                    {m.words}
                  </button>
                </li>
              ))}
              {game.truncated && <li class="note">(more moves not listed)</li>}
            </ul>
          )}
          {game.log.length > 0 && (
            <ol id="game-log">
              {game.log.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ol>
          )}
        </div>
      )}
    </section>
  );
}

/** Run's answer: the values of the position and, for heap games, a row of Grundy values. */
function RunResult({ result }: { result: RunAnswer }) {
  return (
    <div id="game-values">
      <h3 id="game-title">{result.title}</h3>
      {result.position !== null && result.grundy !== null && (
        <p id="game-verdict">
          <code>{result.position || '(empty)'}</code>: Grundy value <strong id="game-grundy">{result.grundy}</strong>,{' '}
          <span id="game-outcome">{result.outcome}</span>-position (
          {result.outcome === 'P' ? 'the player to move loses' : 'the player to move wins'})
        </p>
      )}
      {result.winning.length > 0 && (
        <>
          <p>Winning moves:</p>
          <ul id="game-winning">
            {result.winning.map((m) => (
              <li key={m.to}>{m.words}</li>
            ))}
          </ul>
        </>
      )}
      {result.sequence.length > 0 && (
        <p>
          Grundy values of one heap, 0 to {result.sequence.length - 1}:{' '}
          <code id="game-sequence">{result.sequence.join(' ')}</code>
        </p>
      )}
    </div>
  );
}
