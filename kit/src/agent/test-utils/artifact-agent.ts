import { z } from 'zod';
import type { Message, ToolResponsePart } from '../../model/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import type { SessionStore } from '../../session/session-store.js';
import { defineTool } from '../../tools/index.js';
import { defineAgent } from '../define-agent.js';
import type { TurnEndHook } from '../turn/index.js';

// An agent whose tools write artifacts and change a typed state, for the tests of what a turn
// streams and keeps beside its conversation (memory store and Firestore emulator alike).

/** The agent's typed state: a count, and a list that grows. */
export const NotesStateSchema = z.object({ count: z.number(), notes: z.array(z.string()) });

/** A text as a step names it: `x*3` is `xxx`, so a message can ask for an output larger than a message may be. */
const expanded = (text: string): string => {
  const repeat = /^(.*)\*(\d+)$/s.exec(text);
  return repeat ? (repeat[1] as string).repeat(Number(repeat[2])) : text;
};

/** Plays: on a user message, the tool calls its text names (`note:x;publish:name:text;fail:x`), one round, then `done`. */
function notesModel() {
  return scriptedModel(async (request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role !== 'user') {
      const outputs = last.content.map((p) => (p as ToolResponsePart).toolResponse?.output);
      return `done: ${JSON.stringify(outputs)}`;
    }
    // The person's words: a fork's first message opens with the kit's note of other branches' calls.
    const text = last.content.findLast((p) => 'text' in p)?.text ?? '';
    // Words that name no tool are answered in words: a text turn.
    if (!text.includes(':')) return `echo: ${text}`;
    const content = text.split(';').map((step, i) => {
      const [tool, ...args] = step.split(':');
      const input =
        tool === 'publish'
          ? { name: args[0], text: expanded(args.slice(1).join(':')) }
          : { text: expanded(args.join(':')) };
      return { toolRequest: { name: tool as string, ref: `t${i}`, input } };
    });
    return { message: { role: 'model', content }, finishReason: 'stop' };
  });
}

/** The tools: `note` adds to the state, `publish` writes artifact `name` (and counts it), `fail` writes both, then throws. */
function notesTools(runs: { publish: number }, hold?: () => Promise<void>) {
  const text = z.object({ text: z.string() });
  const note = defineTool({ name: 'note', description: 'Notes.', inputSchema: text, sideEffects: 'none' }, (i, ctx) => {
    ctx.updateState((s) => {
      const state = s as z.infer<typeof NotesStateSchema>;
      return { count: state.count + 1, notes: [...state.notes, i.text] };
    });
    return 'noted';
  });
  const publish = defineTool(
    {
      name: 'publish',
      description: 'Publishes.',
      inputSchema: z.object({ name: z.string(), text: z.string() }),
      sideEffects: 'idempotent',
    },
    async (i, ctx) => {
      runs.publish++;
      await hold?.();
      ctx.artifact(i.name, [{ text: i.text }, { data: { length: i.text.length } }]);
      ctx.updateState((s) => ({ ...(s as object), count: (s as { count: number }).count + 1 }));
      return 'published';
    },
  );
  const fail = defineTool({ name: 'fail', description: 'Fails.', inputSchema: text }, (_i, ctx) => {
    ctx.artifact('never', [{ text: 'lost' }]);
    ctx.updateState((state) => ({ ...(state as object), count: 99 }));
    throw new Error('it broke');
  });
  return [note, publish, fail];
}

/** Options of {@link notesAgent}: the agent's clock and lease, its turn-end hook, and what `publish` waits for before it writes. */
export interface NotesAgentOptions {
  clock?: () => number;
  leaseMs?: number;
  onTurnEnd?: TurnEndHook;
  hold?: () => Promise<void>;
}

/** The notes agent over `store`. */
export function notesAgent(store: SessionStore, { hold, ...options }: NotesAgentOptions = {}) {
  const runs = { publish: 0 };
  const agent = defineAgent({
    name: 'notes',
    model: notesModel(),
    tools: notesTools(runs, hold),
    store,
    state: NotesStateSchema,
    initialState: { count: 0, notes: [] },
    ...options,
  });
  return { agent, runs };
}
