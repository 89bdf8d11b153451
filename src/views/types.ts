/**
 * The page's vocabulary for drawing positions: a grid of cells a person clicks, or an outline of
 * labelled boxes. The engine knows none of it; a family's view (one module here per family that has
 * one) reads the ruleset and the family's own board functions, and registry.ts lists the views.
 */
import type { Family, GameRuleset } from '../engine/types.ts';

/** The state of one drawn cell: free (a click may use it), taken (gone), or fixed (drawn, never clicked, e.g. Chomp's poisoned square). */
export type CellState = 'free' | 'taken' | 'fixed';

/** A position drawn as a grid of cells (row 0 at the top): the page draws it and turns clicks into moves. */
export interface GridView<P> {
  /** What a click does, in words, for the page. */
  readonly howToMove: string;
  size(position: P): { rows: number; cols: number };
  cell(position: P, row: number, col: number): CellState;
  /** The position after the clicked cells (in click order), 'more' while the move needs another cell, null when no move picks them. */
  pick(position: P, cells: readonly (readonly [row: number, col: number])[]): P | 'more' | null;
  /**
   * When pick says 'more' but the clicked cells already make a move (a longer move could take more
   * cells, as in coin-turning games): the position after that move, for the page to offer as it
   * stands; null otherwise. Absent: no move is both complete and extendable.
   */
  complete?(position: P, cells: readonly (readonly [row: number, col: number])[]): P | null;
  /** Text drawn on a cell (e.g. 'H' or 'T' for a coin); absent: cells are drawn by their state alone. */
  label?(position: P, row: number, col: number): string;
}

/** One box of a schematic drawing: a label, and rows of items (e.g. a region and its boundaries' spots). */
export interface OutlineBox {
  readonly label: string;
  readonly rows: readonly { readonly label: string; readonly items: readonly string[] }[];
}

/**
 * How the page draws the positions of one ruleset: as a grid to click, as an outline where a grid
 * does not fit, or neither (the position's text and its listed moves alone).
 */
export interface PositionView<P> {
  readonly grid?: GridView<P>;
  outline?(position: P): OutlineBox[];
}

/**
 * The view of one family: the drawing of each of its rulesets, from the ruleset alone (its start,
 * its board size, its coin rule). R is the family's own ruleset type: `family.parse` makes only
 * those, and the registry hands each view only its family's rulesets.
 */
export interface FamilyView<P, R extends GameRuleset<P> = GameRuleset<P>> {
  readonly family: Family;
  of(ruleset: R): PositionView<P>;
}
