// Breaking a chocolate bar: a position is a list of bars [rows, cols]. A move breaks one bar along a
// line between its squares and eats one of the two pieces; a player who faces only 1 x 1 squares
// cannot move and loses. Each bar is a game of its own (components), and a bar turned a quarter is
// the same game (key). Theory: a bar's Grundy value is (rows - 1) XOR (cols - 1).
//   nimber analyze --rules examples/chocolate.mjs            (the start: a 4 x 7 bar and a 3 x 3 bar)
//   nimber analyze --rules examples/chocolate.mjs '5x6 2x9'
export default {
  name: 'Chocolate bar',
  start: [
    [4, 7],
    [3, 3],
  ],
  *moves(bars) {
    for (let i = 0; i < bars.length; i++) {
      const [rows, cols] = bars[i];
      const others = bars.filter((_, j) => j !== i);
      // keep the piece of r rows (or c columns): the other piece is eaten
      for (let r = 1; r < rows; r++) yield [...others, [r, cols]];
      for (let c = 1; c < cols; c++) yield [...others, [rows, c]];
    }
  },
  components: (bars) => bars.map((bar) => [bar]),
  key: (bars) =>
    bars
      .map(([r, c]) => (r <= c ? `${r}x${c}` : `${c}x${r}`))
      .filter((bar) => bar !== '1x1')
      .sort()
      .join(' '),
  parse(text) {
    return text
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((bar) => {
        const m = /^(\d+)x(\d+)$/.exec(bar);
        if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) throw new Error(`'${bar}' is not a bar such as 4x7`);
        return [Number(m[1]), Number(m[2])];
      });
  },
  format: (bars) => bars.map(([r, c]) => `${r}x${c}`).join(' '),
  describeMove(from, to) {
    const broken = from.find((bar) => !to.some((b) => b[0] === bar[0] && b[1] === bar[1]));
    const kept = to.find((bar) => !from.some((b) => b[0] === bar[0] && b[1] === bar[1]));
    return broken && kept ? `break the ${broken[0]}x${broken[1]} bar, keep ${kept[0]}x${kept[1]}` : 'break a bar';
  },
};
