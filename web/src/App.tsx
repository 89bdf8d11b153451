/** The page: three tabs (Solve, Explore, Play) over the catalog the server reports. */
import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type Catalog } from './api.ts';
import { Explore } from './Explore.tsx';
import { Play } from './Play.tsx';
import { Solve } from './Solve.tsx';

const TABS = [
  { id: 'solve', label: 'Solve' },
  { id: 'explore', label: 'Explore' },
  { id: 'play', label: 'Play' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function tabFromHash(): TabId {
  const id = location.hash.slice(1);
  return TABS.some((t) => t.id === id) ? (id as TabId) : 'solve';
}

export function App() {
  const [tab, setTab] = useState<TabId>(tabFromHash);
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.catalog().then(setCatalog, (e) => setError(errorText(e)));
    const onHash = () => setTab(tabFromHash());
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);

  return (
    <div class="page">
      <header>
        <h1>nimber</h1>
        <p class="tagline">Grundy values, P-positions and perfect play for impartial games</p>
        <nav role="tablist">
          {TABS.map((t) => (
            <a key={t.id} role="tab" href={`#${t.id}`} aria-selected={tab === t.id} class={tab === t.id ? 'tab active' : 'tab'} onClick={() => setTab(t.id)}>
              {t.label}
            </a>
          ))}
        </nav>
      </header>
      <main>
        {error && <p class="error" role="alert">{error}</p>}
        {!catalog && !error && <p>Loading…</p>}
        {catalog && tab === 'solve' && <Solve catalog={catalog} />}
        {catalog && tab === 'explore' && <Explore catalog={catalog} />}
        {catalog && tab === 'play' && <Play catalog={catalog} />}
      </main>
      {catalog && (
        <footer>
          Small Grundy sequences in Explore are computed in this browser (WebAssembly); everything else runs on the
          server under a time limit of {catalog.timeLimitMs / 1000} s per request.
        </footer>
      )}
    </div>
  );
}
