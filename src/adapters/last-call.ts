/**
 * The last call of user code on the rules thread, kept in shared memory so that the main thread can
 * name it when it ends a thread whose rule never returned ("rules.moves had not returned on position
 * '[3,2]'"): the thread stores the rule and the position's words before each call (RulesWatch), the
 * main thread reads them after the time limit. The words are cut to fit; a store is two plain writes
 * (a torn read can only garble a message, never an answer).
 */
import type { RulesWatch } from '../engine/user-rules.ts';

/** Bytes for the rule and the position's words. */
const TEXT_BYTES = 240;

/** The shared block: a length, then UTF-8 text "rule\tposition". */
export function lastCallBlock(): SharedArrayBuffer {
  return new SharedArrayBuffer(4 + TEXT_BYTES);
}

/** The thread's side: a watch that stores each call's rule and position. */
export function lastCallWatch(block: SharedArrayBuffer): RulesWatch {
  const length = new Int32Array(block, 0, 1);
  const bytes = new Uint8Array(block, 4, TEXT_BYTES);
  const encoder = new TextEncoder();
  const store = (text: string) => {
    length[0] = 0;
    length[0] = encoder.encodeInto(text.slice(0, TEXT_BYTES), bytes).written;
  };
  return {
    enter(rule, where) {
      // the position's words call the user's format, which may itself never return: name it first
      store(`format\tthe position of a call of rules.${rule}`);
      store(`${rule}\t${where()}`);
    },
  };
}

/** The main thread's side: the last call in words, e.g. "rules.moves on position '[3,2]'", or null before any. */
export function readLastCall(block: SharedArrayBuffer): string | null {
  const length = new Int32Array(block, 0, 1)[0];
  if (length <= 0) return null;
  const text = new TextDecoder().decode(new Uint8Array(block, 4, Math.min(length, TEXT_BYTES)).slice());
  const [rule, where] = text.split('\t');
  return where === undefined ? `rules.${rule}` : `rules.${rule} on ${where}`;
}
