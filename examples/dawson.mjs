// Dawson's chess as a heap game: a row of n pawns; a move takes one pawn (with its neighbours, as a
// capture forces), which is the octal game 0.137: take 1 pawn when it is alone, take 2 from the end
// of a row, or take 3 anywhere, leaving at most two rows. It equals `nimber grundy takebreak:0.137`.
//   nimber grundy --rules examples/dawson.mjs 40
//   nimber period --rules examples/dawson.mjs
export default {
  name: "Dawson's chess",
  *heapOptions(n) {
    if (n === 1) yield []; // take the lone pawn
    if (n >= 2) yield [n - 2]; // take two from the end (nothing left when n = 2)
    // take three, leaving a row of a and a row of n - 3 - a (either may be empty)
    for (let a = 0; 2 * a <= n - 3; a++) yield [a, n - 3 - a];
  },
};
