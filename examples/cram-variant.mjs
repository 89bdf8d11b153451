// Cram with more pieces: two players take turns placing a piece on empty cells of a board; the
// player who cannot place one loses. The pieces are dominoes and straight trominoes (1 x 3), either
// way round. With dominoes alone (withPieces(DOMINOES)) it is Cram: `nimber analyze cram`.
// A board is rows of '.' (empty) and '#' (filled), split by '/'.
//   nimber analyze --rules examples/cram-variant.mjs '..../..../....'
//   nimber table --rules examples/cram-variant.mjs --rows 1..3 --cols 1..4
export const DOMINOES = [
  [
    [0, 0],
    [0, 1],
  ],
  [
    [0, 0],
    [1, 0],
  ],
];
export const TROMINOES = [
  [
    [0, 0],
    [0, 1],
    [0, 2],
  ],
  [
    [0, 0],
    [1, 0],
    [2, 0],
  ],
];

/** The rules for placing any of these pieces (each a list of [row, column] offsets). */
export function withPieces(pieces, name) {
  return {
    name,
    start: ['....', '....', '....'],
    *moves(board) {
      for (let r = 0; r < board.length; r++)
        for (let c = 0; c < board[r].length; c++)
          for (const piece of pieces) {
            const cells = piece.map(([dr, dc]) => [r + dr, c + dc]);
            if (cells.every(([y, x]) => board[y]?.[x] === '.')) yield place(board, cells);
          }
    },
    rectangle: (rows, cols) => Array.from({ length: rows }, () => '.'.repeat(cols)),
    parse(text) {
      const rows = text.trim().split('/');
      if (rows.some((row) => !/^[.#]+$/.test(row) || row.length !== rows[0].length))
        throw new Error("a board is rows of '.' and '#' of one length, split by '/'");
      return rows;
    },
    format: (board) => board.join('/'),
  };
}

function place(board, cells) {
  const rows = board.map((row) => row.split(''));
  for (const [y, x] of cells) rows[y][x] = '#';
  return rows.map((row) => row.join(''));
}

export default withPieces([...DOMINOES, ...TROMINOES], 'Cram with dominoes and trominoes');
