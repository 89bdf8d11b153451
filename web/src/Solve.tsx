/** Solve tab: pick a catalog problem, paste judge input, run it on the server, see the output and the time. */
import { useState } from 'preact/hooks';
import { api, errorText, type Catalog, type SolveReply } from './api.ts';
import { ErrorLine } from './controls.tsx';

export function Solve({ catalog }: { catalog: Catalog }) {
  const [problemId, setProblemId] = useState(catalog.problems[0]?.id ?? '');
  const problem = catalog.problems.find((p) => p.id === problemId);
  const [input, setInput] = useState(problem?.sample.input ?? '');
  const [result, setResult] = useState<(SolveReply & { roundTripMs: number }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  function choose(id: string) {
    setProblemId(id);
    setInput(catalog.problems.find((p) => p.id === id)?.sample.input ?? '');
    setResult(null);
    setError(null);
  }

  async function run() {
    setRunning(true);
    setError(null);
    setResult(null);
    const start = performance.now();
    try {
      const reply = await api.solve({ problem: problemId, input });
      setResult({ ...reply, roundTripMs: performance.now() - start });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setRunning(false);
    }
  }

  return (
    <section class="solve">
      <div class="row">
        <label>
          Problem{' '}
          <select id="solve-problem" value={problemId} onChange={(e) => choose(e.currentTarget.value)}>
            {catalog.problems.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        </label>
        <span class="limit" id="solve-limit">
          time limit: {catalog.timeLimitMs / 1000} s
        </span>
      </div>
      {problem && <p class="summary">{problem.summary}</p>}
      <div class="columns">
        <div>
          <label for="solve-input">Input</label>
          <textarea
            id="solve-input"
            rows={10}
            spellcheck={false}
            value={input}
            onInput={(e) => setInput(e.currentTarget.value)}
          />
          <div class="row">
            <button type="button" id="solve-run" onClick={run} disabled={running}>
              {running ? 'Running…' : 'Run'}
            </button>
            {problem && (
              <button type="button" class="secondary" onClick={() => setInput(problem.sample.input)}>
                Sample input
              </button>
            )}
          </div>
        </div>
        <div>
          <label for="solve-output">Output</label>
          {/* a refusal is said once, in the error line below; the output stays empty */}
          <pre id="solve-output" class="output">
            {error ? '' : (result?.output ?? '')}
          </pre>
          {result && (
            <p class="timing" id="solve-time">
              computed in {formatMs(result.elapsedMs)} on the server ({formatMs(result.roundTripMs)} round trip)
            </p>
          )}
          {problem && (
            <details>
              <summary>Expected output for the sample input</summary>
              <pre class="output">{problem.sample.output}</pre>
            </details>
          )}
        </div>
      </div>
      <ErrorLine error={error} />
    </section>
  );
}

export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(2)} ms` : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
