/**
 * The page's state in the URL's hash, so that a link reproduces the view: `#explore?ruleset=kayles&to=200`,
 * `#play?ruleset=nim&position=3,4,5`. Keys: tab (before '?'), ruleset, to, position, board (the text of a
 * position on a board or graph, in Play), heap (the explained heap), page (of the table), convention (in
 * Play; the default is left out); in Census name, status, reference, code and sort ('-period':
 * descending); in Your game (`#your-game`) rules (the rules text, rules-link.ts), position, example and limit.
 * Unknown keys are kept.
 */

import { DEFAULT_CONVENTION } from './convention.ts';

export const TAB_IDS = ['solve', 'explore', 'play', 'census', 'your-game', 'theory'] as const;
export type TabId = (typeof TAB_IDS)[number];

export interface HashState {
  tab: TabId;
  params: URLSearchParams;
}

/** Reads a hash like `#explore?ruleset=kayles&to=40`; an unknown tab is Solve. */
export function parseHash(hash: string): HashState {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  const q = text.indexOf('?');
  const id = q < 0 ? text : text.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : text.slice(q + 1));
  const tab = (TAB_IDS as readonly string[]).includes(id) ? (id as TabId) : 'solve';
  return { tab, params };
}

/** Values a link leaves out because they are what the page assumes anyway: the default convention. */
const DEFAULTS: Readonly<Record<string, string>> = { convention: DEFAULT_CONVENTION };

/** Writes the hash for a tab and its parameters (empty values and defaults left out). */
export function formatHash(tab: TabId, params: Record<string, string | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '' && v !== DEFAULTS[k]) p.set(k, v);
  const query = p.toString();
  return `#${tab}${query ? `?${query}` : ''}`;
}

/**
 * The hash the page last took in (at load, on a hashchange) or wrote. An address that differs is a
 * navigation the page has not taken in yet: its hashchange is still to come.
 */
let adopted = typeof location === 'undefined' ? '' : location.hash;

/** How many hashes from outside the page has taken in: a tab mounted before the last one is stale. */
let visits = 0;

/** Takes in the address's hash as the page's own: on every hashchange, before the tab remounts. */
export function adoptHash(): void {
  adopted = location.hash;
  visits += 1;
}

/** The visit a tab mounts in; it writes the address only while that visit lasts. */
export function hashVisit(): number {
  return visits;
}

/**
 * Replaces the current URL's hash without a new history entry or a hashchange event, for a tab
 * mounted in `visit` (hashVisit()).
 */
export function replaceHash(tab: TabId, params: Record<string, string | undefined>, visit: number): void {
  // A tab's late answer (an analysis that arrives after the user went to another tab) must not take
  // the address back to it: only the tab the address shows writes its state. Nor may a state written
  // late (effects run after paint) undo a link the user just followed to another view of the same tab,
  // before its hashchange (the address is not the one taken in) or after it (the visit is over).
  if (parseHash(location.hash).tab !== tab) return;
  replaceAddress(formatHash(tab, params), visit);
}

/** Replaces the address (a hash, or a whole link to this page) for a tab mounted in `visit`, as replaceHash. */
export function replaceAddress(url: string, visit: number): void {
  if (visit !== visits || location.hash !== adopted) return;
  if (location.hash !== url) history.replaceState(null, '', url);
  adopted = location.hash;
}

/** The current hash's parameters when it names `tab`, else empty ones. */
export function paramsFor(tab: TabId): URLSearchParams {
  const state = parseHash(location.hash);
  return state.tab === tab ? state.params : new URLSearchParams();
}
