/**
 * The one list of family views: adding a view is its module here and one line below. The page asks
 * viewOf(ruleset) how to draw a position; a family without a view is drawn as its text, its moves
 * listed.
 */
import type { GameRuleset, ResultRuleset } from '../engine/types.ts';
import { arcKaylesView } from './arc-kayles.ts';
import { chompView } from './chomp.ts';
import { coinsView } from './coins.ts';
import { cramView } from './cram.ts';
import { nodeKaylesView } from './node-kayles.ts';
import { quartoView } from './quarto.ts';
import { sproutsView } from './sprouts.ts';
import { tartanView } from './tartan.ts';
import { trominoCramView } from './tromino-cram.ts';
import type { FamilyView, PositionView } from './types.ts';

/** A view whose ruleset type is forgotten: the registry hands it only rulesets its family parsed. */
type AnyFamilyView = FamilyView<unknown, GameRuleset<unknown> | ResultRuleset<unknown>>;
const forget = <P, R extends GameRuleset<P> | ResultRuleset<P>>(view: FamilyView<P, R>) =>
  view as unknown as AnyFamilyView;

/** Every family view, in the registry's order of families. */
export const VIEWS: readonly AnyFamilyView[] = [
  forget(cramView),
  forget(chompView),
  forget(nodeKaylesView),
  forget(arcKaylesView),
  forget(trominoCramView),
  forget(sproutsView),
  forget(coinsView),
  forget(tartanView),
  forget(quartoView),
];

const BY_FAMILY: ReadonlyMap<string, AnyFamilyView> = new Map(VIEWS.map((view) => [view.family.name, view]));

/** How the page draws the ruleset's positions; empty ({}) where its family has no view. */
export function viewOf<P>(ruleset: GameRuleset<P> | ResultRuleset<P>): PositionView<P> {
  const view = BY_FAMILY.get(ruleset.family);
  return view ? (view.of(ruleset) as PositionView<P>) : {};
}
