/**
 * The worker of "Your game": imports the person's rules module through a Blob URL (so the text runs
 * here, in this worker only), reads its export into a Ruleset with the engine's builder
 * (src/engine/user-rules.ts, which turns what the rules do wrong into one line naming the rule and
 * the position) and answers with the engine's search (your-game-answers.ts). The page ends this
 * worker when an answer takes longer than its time limit, so nothing here watches the clock.
 */
import { InputError } from '../../src/engine/errors.ts';
import {
  rulesEngineMove,
  rulesetOfModule,
  rulesTurn,
  runRules,
  type UserRuleset,
} from '../../src/service/user-game.ts';
import type { RulesHello, RulesReply, RulesRequest } from './your-game-client.ts';

/** The last rules text read, and what it built: Play asks many turns of one text. */
let loaded: { text: string; ruleset: UserRuleset } | null = null;

async function rulesetOf(text: string): Promise<UserRuleset> {
  if (loaded?.text === text) return loaded.ruleset;
  if (text.trim() === '')
    throw new InputError('the rules are empty: write export default { name, moves } or pick an example');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
  let module: unknown;
  try {
    module = await import(/* @vite-ignore */ url);
  } catch (e) {
    throw new InputError(`the rules module does not load: ${oneLine(e)}`);
  } finally {
    URL.revokeObjectURL(url);
  }
  const ruleset = rulesetOfModule(module);
  loaded = { text, ruleset };
  return ruleset;
}

/** An error in one line (the first line of its message, with its name when it is not an InputError). */
function oneLine(e: unknown): string {
  if (e instanceof InputError) return e.message.split('\n')[0];
  if (e instanceof Error) return `${e.name}: ${e.message}`.split('\n')[0];
  return String(e).split('\n')[0];
}

async function answer(request: RulesRequest): Promise<RulesReply> {
  const { id } = request;
  try {
    const ruleset = await rulesetOf(request.rules);
    const reply =
      request.op === 'run'
        ? runRules(ruleset, request.position)
        : request.op === 'turn'
          ? rulesTurn(ruleset, request.position)
          : rulesEngineMove(ruleset, request.position);
    return { id, ok: true, answer: reply };
  } catch (e) {
    return { id, ok: false, message: oneLine(e) };
  }
}

// The page's port, in this module's scope where the rules cannot reach it (your-game-client.ts):
// it comes in the first message, before any rules are imported.
let port: MessagePort | null = null;
addEventListener('message', (e: MessageEvent<RulesHello>) => {
  if (port || !(e.data?.port instanceof MessagePort)) return;
  const ours = e.data.port;
  port = ours;
  ours.onmessage = (m: MessageEvent<RulesRequest>) => {
    void answer(m.data).then((reply) => ours.postMessage(reply));
  };
});
