/** Options shared by several commands, declared once. */
import { Option } from '@commander-js/extra-typings';
import { COUNT_ORDERS } from '../engine/types.ts';

export const jsonOption = () => new Option('--json', 'print machine-readable JSON on stdout');
export const verifyOption = () =>
  new Option(
    '--verify',
    'also compute the answer with the brute-force oracle and exit 1 if they disagree (small inputs only)',
  );
export const orderOption = () =>
  new Option('--order <order>', 'sorted: a <= b <= ... (multisets); ordered: all tuples; distinct: a < b < ...')
    .choices(COUNT_ORDERS)
    .default('sorted' as const);
export const misereOption = () =>
  new Option('--misere', 'misère play: the player who makes the last move loses (see docs/misere.md)');
