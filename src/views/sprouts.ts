/** Sprouts drawn as a schematic (no grid fits it): a box per region, a row per boundary, its spots numbered. */
import { cornerNumbers } from '../engine/families/sprouts/describe.ts';
import { type SproutsRuleset, sproutsFamily } from '../engine/families/sprouts/index.ts';
import { formatSprouts, landOfRegions, type SproutsPosition } from '../engine/families/sprouts/position.ts';
import type { FamilyView, OutlineBox } from './types.ts';

/**
 * The position as labelled boxes: a box per region (with its land when there are several), a row per
 * boundary, its spots numbered as the move words number them, each with its symbol.
 */
export function sproutsOutline(position: SproutsPosition): OutlineBox[] {
  const numbers = cornerNumbers(position);
  const text = formatSprouts(position).replace(/[^0-9A-Za-z]/g, '');
  const land = landOfRegions(position);
  const lands = new Set(land).size;
  return position.regions.map((region, r) => ({
    label: `region ${r + 1}${lands > 1 ? ` (land ${land[r] + 1})` : ''}`,
    rows: region.map((boundary, b) => ({
      label: `boundary ${b + 1}`,
      items: boundary.map((_, i) => {
        const n = numbers[r][b][i];
        return `${n}: ${text[n - 1]}`;
      }),
    })),
  }));
}

export const sproutsView: FamilyView<SproutsPosition, SproutsRuleset> = {
  family: sproutsFamily,
  of: () => ({ outline: sproutsOutline }),
};
