/**
 * The page's vocabulary for drawing positions: a grid of cells a person clicks, or an outline of
 * labelled boxes. The engine knows none of it; a family's view (one module here per family that has
 * one) reads the ruleset and the family's own board functions, and registry.ts lists the views.
 */
import type { Family, GameRuleset, ResultRuleset } from '../engine/types.ts';

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

/** How a piece looks: four binary features the page draws apart (size, colour, shape, hole). */
export interface PieceLook {
  readonly tall: boolean;
  readonly dark: boolean;
  readonly square: boolean;
  readonly hollow: boolean;
}

/** A placement then a give, as a person picks them: a cell (null: none, the very first turn) and a piece (null: nothing is given). */
export interface PlaceGivePick {
  readonly cell: number | null;
  readonly give: number | null;
}

/** A position of a place-and-give game as drawn: each cell's piece, the piece in hand, the pieces left to give, a standing line. */
export interface PlaceGiveBoard {
  /** Row by row: the piece on each cell, null when empty. */
  readonly cells: readonly (number | null)[];
  /** The piece the player to move must place; null at the very start and at the end. */
  readonly hand: number | null;
  /** The pieces that can still be given, in order; none once the game is over. */
  readonly toGive: readonly number[];
  /** The cells of a line that has won, empty when none stands. */
  readonly line: readonly number[];
}

/**
 * A game where a turn places the piece the opponent chose on an empty cell, then gives the opponent
 * one of the pieces left (Quarto): the board and tray to draw, the names a person reads and types,
 * and a picked placement and give turned into the ruleset's move (M). Playing the move, its words
 * and the engine's replies are the ruleset's own.
 */
export interface PlaceGiveView<P, M = unknown> {
  readonly howToMove: string;
  readonly rows: number;
  readonly cols: number;
  look(piece: number): PieceLook;
  /** The piece in words ("tall dark square hollow"). */
  pieceName(piece: number): string;
  /** The piece's short name, typed to give it ("f"). */
  pieceKey(piece: number): string;
  /** The cell's name (row-order cell number to "b3"). */
  cellName(cell: number): string;
  board(position: P): PlaceGiveBoard;
  /** Typed text as a pick or part of one: a cell ("b3"), a piece (its key or its four words), or both ("b3+5"); null when not understood. */
  readPick(text: string): PlaceGivePick | null;
  /** Whether placing the piece in hand on `cell` ends the game (a line, a full board), so that nothing is given. */
  placementEnds(position: P, cell: number): boolean;
  /** The move the pick makes; null when it is no legal move. */
  move(position: P, pick: PlaceGivePick): M | null;
  /** The pick a move makes (to draw the engine's move). */
  pickOf(move: M): PlaceGivePick;
}

/**
 * How the page draws the positions of one ruleset: as a grid to click, as an outline where a grid
 * does not fit, as a board and a tray of pieces (place-and-give games), or neither (the position's
 * text and its listed moves alone).
 */
export interface PositionView<P> {
  readonly grid?: GridView<P>;
  outline?(position: P): OutlineBox[];
  readonly placeGive?: PlaceGiveView<P>;
}

/**
 * The view of one family: the drawing of each of its rulesets, from the ruleset alone (its start,
 * its board size, its coin rule). R is the family's own ruleset type: `family.parse` makes only
 * those, and the registry hands each view only its family's rulesets.
 */
export interface FamilyView<P, R extends GameRuleset<P> | ResultRuleset<P> = GameRuleset<P>> {
  readonly family: Family;
  of(ruleset: R): PositionView<P>;
}
