/** "Theory in five minutes": the few ideas behind every answer on this page, with links that open them in Explore and Play. */
import { NimArithmetic } from './NimArithmetic.tsx';

export function Theory() {
  return (
    <article class="theory" id="theory">
      <h2>Theory in five minutes</h2>
      <p>
        An <strong>impartial game</strong> gives both players the same moves; the player who cannot move loses (normal
        play). Every position is one of two kinds:
      </p>
      <ul>
        <li>
          <strong>P-position</strong> (the <em>previous</em> player wins): every move leads to an N-position.
        </li>
        <li>
          <strong>N-position</strong> (the <em>next</em> player wins): some move leads to a P-position — that move is a
          winning move.
        </li>
      </ul>
      <p>
        Labelling positions from the end backwards (<em>backward induction</em>) finds them all: the position with no
        move is P; a position is N as soon as one of its moves reaches a P-position. In Wythoff's game (two piles; take
        any amount from one pile, or the same amount from both) this gives the P-positions (0,0), (1,2), (3,5), (4,7)… —{' '}
        <a href="#explore?ruleset=wythoff&to=20">see them</a>.
      </p>
      <h3>Grundy values and the mex</h3>
      <p>
        When a game is a sum of independent heaps, each heap gets a number, its <strong>Grundy value</strong> g(n): the{' '}
        <strong>mex</strong> (minimum excludant, the smallest non-negative integer missing) of the values of its
        options. In subtract-a-square, heap 13 can go to 12, 9 or 4, whose values are 0, 2 and 2; the set {'{0, 2}'}{' '}
        misses 1, so g(13) = 1. A heap is a P-position exactly when its value is 0.{' '}
        <a href="#explore?ruleset=subtract%3Asquares&to=100&heap=13">Open this in Explore</a> and its explain panel.
      </p>
      <h3>The Sprague–Grundy theorem and the nim-sum</h3>
      <p>
        Every impartial game behaves like a Nim heap of its Grundy value, and a sum of games like Nim with those heaps.
        A sum is a P-position exactly when the <strong>nim-sum</strong>, the XOR (⊕) of the values, is 0. Write the
        values in binary columns:
      </p>
      <pre class="output">
        {'13 = 1101\n12 = 1100\n 8 = 1000\n---------\n 9 = 1001   (each column: odd number of 1s gives 1)'}
      </pre>
      <p>
        The nim-sum 9 is not 0, so Nim (13, 12, 8) is an N-position. A winning move takes a heap whose value has the
        nim-sum's highest set bit (here 8: all three) to g ⊕ 9: 13 → 4, 12 → 5 or 8 → 1; after it every column is even.{' '}
        <a href="#play?ruleset=nim&position=13,12,8">Play it</a>.
      </p>
      <h3>Periods</h3>
      <p>
        Many heap games have eventually periodic values. Kayles' values repeat with period 12 from heap 71 on, and a
        theorem for take-and-break games proves it from finitely many values.{' '}
        <a href="#explore?ruleset=kayles&to=200">Explore Kayles</a>.
      </p>
      <NimArithmetic />
    </article>
  );
}
