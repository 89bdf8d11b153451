/** `nimber demo`: a short tour of what the engine does, on the catalog's sample inputs. */
import { Command } from '@commander-js/extra-typings';
import { PROBLEMS, solveText } from '../../problems/index.ts';
import { print } from '../io.ts';

export function demoCommand() {
  return new Command('demo').description('solve every catalog problem on its sample input').action(() => {
    for (const p of PROBLEMS) {
      print(
        `== ${p.title} ==\n$ nimber solve ${p.id}  <<< ${JSON.stringify(p.sample.input)}\n${solveText(p, p.sample.input)}\n`,
      );
    }
  });
}
