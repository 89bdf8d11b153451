/** How a position of a game on a board or graph was answered, in the words every face prints. */

/**
 * The method in words: a search that expanded no position was answered by the value the game's rules
 * give a position (a coin row's heads nim-summed, the Tartan theorem's nim-products), so it says so
 * instead of "search" or "0 positions searched".
 */
export function methodWords(method: string, nodes: number): string {
  return method === 'search' && nodes === 0 ? 'the value its rules give, no position searched' : method;
}
