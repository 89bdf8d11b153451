/** Words every game against the perfect opponent shares: how to pick a listed move, the other words, and how many moves are listed. */

/** How to pick a listed move, as a line of a game's help. */
export const PICK_HELP = '  "#N" for move N of the list that "moves" prints';

/** Moves "moves" lists (a split game can have very many), and the list "#N" picks from. */
export const LISTED_MOVES = 60;

/** The words a player may type besides a move. */
export const WORDS_HELP = 'Other words: "moves" lists your legal moves, "hint" analyses the position, "quit" stops.';
