/**
 * The page: four tabs (Solve, Explore, Play, Census) over the catalog the server reports, a fifth (Your
 * game) where a person's own rules run in this browser, and a theory page; the view lives in the URL's hash.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type Catalog } from './api.ts';
import { Census } from './Census.tsx';
import { Explore } from './Explore.tsx';
import { Play } from './Play.tsx';
import { Solve } from './Solve.tsx';
import { Theory } from './Theory.tsx';
import { YourGame } from './YourGame.tsx';
import { adoptHash, parseHash, type TabId } from './url-state.ts';
import { ErrorLine } from './controls.tsx';

const TABS = [
  { id: 'solve', label: 'Solve' },
  { id: 'explore', label: 'Explore' },
  { id: 'play', label: 'Play' },
  { id: 'census', label: 'Census' },
  { id: 'your-game', label: 'Your game' },
] as const;

export function App() {
  const [tab, setTab] = useState<TabId>(() => parseHash(location.hash).tab);
  // A new hash from outside (a link, the address bar) remounts the tab, which reads its state from the URL.
  const [visit, setVisit] = useState(0);
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.catalog({}).then(setCatalog, (e) => setError(errorText(e)));
    const onHash = () => {
      adoptHash();
      setTab(parseHash(location.hash).tab);
      setVisit((v) => v + 1);
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);

  return (
    <div class="page">
      <header>
        <div class="title-row">
          <h1>nimber</h1>
          <a id="theory-link" class={tab === 'theory' ? 'theory-link active' : 'theory-link'} href="#theory">
            Theory in five minutes
          </a>
        </div>
        <p class="tagline">Grundy values, P-positions and perfect play for impartial games</p>
        {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the tab bar is a navigation landmark holding a tablist */}
        <nav role="tablist" aria-label="Views">
          {TABS.map((t) => (
            <a
              key={t.id}
              role="tab"
              href={`#${t.id}`}
              aria-selected={tab === t.id}
              class={tab === t.id ? 'tab active' : 'tab'}
            >
              {t.label}
            </a>
          ))}
        </nav>
      </header>
      <main>
        <ErrorLine error={error} />
        {tab === 'theory' && <Theory />}
        {!catalog && !error && tab !== 'theory' && tab !== 'your-game' && <p>Loading…</p>}
        {catalog && tab === 'solve' && <Solve catalog={catalog} />}
        {catalog && tab === 'explore' && <Explore key={visit} catalog={catalog} />}
        {catalog && tab === 'play' && <Play key={visit} catalog={catalog} />}
        {catalog && tab === 'census' && <Census key={visit} />}
        {tab === 'your-game' && <YourGame key={visit} />}
      </main>
      {catalog && (
        <footer>
          Small Grundy sequences in Explore, the explain panels and the rules of Your game are computed in this browser;
          everything else runs on the server under a time limit of {catalog.timeLimitMs / 1000} s per request.
        </footer>
      )}
    </div>
  );
}
