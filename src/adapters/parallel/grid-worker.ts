/**
 * A helper thread of the grid core (grid-threads.ts starts it): finds the rules by name and runs
 * the engine's helper loop on the shared table and control array it was given, until told to stop.
 */
import { workerData } from 'node:worker_threads';
// every family's module, and with it the grid rules it defines (gridRulesNamed finds them)
import '../../engine/registry.ts';
import { gridRulesNamed, helpGrid } from '../../engine/solve/grid/index.ts';
import type { HelperSetup } from '../../engine/types.ts';

const { setup, seat } = workerData as { setup: HelperSetup; seat: number };
const rules = gridRulesNamed(setup.rules);
if (!rules) throw new Error(`no grid rules are named ${setup.rules}`);
helpGrid(setup, rules, seat);
