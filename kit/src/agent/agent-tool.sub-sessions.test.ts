import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { subAgentOf } from '../call-state/index.js';
import { callIdOf } from '../generate/assign-call-ids.js';
import { type Message, type ToolRequestPart, textOf } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore, type Session, type SessionStore } from '../session/index.js';
import { demoProjectId } from '../session/test-utils/emulator-firestore.js';
import { firestoreStoreBackends } from '../session/test-utils/firestore-store-backends.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { agentTool } from './agent-tool.js';
import { defineAgent } from './define-agent.js';
import { subSessionId } from './sub-agent/index.js';
import { type Effects, effects, transferTool } from './test-utils/agent-fixtures.js';

// A sub-agent call's session is the call's own: keyed on the kit's id of the call, never on the
// model's ref, which a model may give again on a later turn, or a new branch's model may give the
// same call. A call that waited before the change still finds the sub-session it made.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: sub-sessions on Firestore — no Firestore emulator ***\n');
const backends = host ? firestoreStoreBackends(host, demoProjectId('sub-sessions'), 'ss') : undefined;

const stores: [string, (() => SessionStore) | undefined][] = [
  ['memory', () => new InMemorySessionStore()],
  ['Firestore', backends ? () => backends.sdk().open() : undefined],
];

const alice = { uid: 'alice', context: { auth: { uid: 'alice', token: {} } } };

/** The refunds agent: a user message asks `transfer` (which waits for a person); a tool message says it is done. */
const refundsModel = () =>
  scriptedModel((request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') return 'refunded';
    return {
      message: { role: 'model', content: [{ toolRequest: { name: 'transfer', input: { cents: 100 } } }] },
      finishReason: 'stop',
    };
  });

/** The shop's model: "refund X" calls the refunds agent for order X, always by the ref 'r1' (as some models do); anything else is noted. */
const shopModel = () =>
  scriptedModel((request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') return 'done';
    // The person's words: the last text (a new branch's first message has the kit's note before them).
    const words = last.content.flatMap((p) => ('text' in p ? [p.text] : [])).at(-1);
    if (!words?.startsWith('refund ')) return `noted: ${words}`;
    const orderId = words.slice('refund '.length);
    return {
      message: { role: 'model', content: [{ toolRequest: { name: 'refunds', ref: 'r1', input: { orderId } } }] },
      finishReason: 'stop',
    };
  });

function shop(store: SessionStore) {
  const record: Effects = effects();
  const refunds = defineAgent({ name: 'refunds', model: refundsModel(), tools: [transferTool(record)], store });
  const tool = agentTool(refunds, {
    name: 'refunds',
    description: 'refunds',
    input: z.object({ orderId: z.string() }),
  });
  const parent = defineAgent({ name: 'shop', model: shopModel(), tools: [tool], store });
  return { store, record, parent };
}

async function stored(store: SessionStore, id: string): Promise<Session> {
  const record = await store.load(id, { fresh: true });
  if (!record) throw new Error(`no session ${id}`);
  return record.session;
}

/** The sub-session the open sub-agent call of `sessionId` waits on, as that call stored it. */
async function waitingSubSession(store: SessionStore, sessionId: string): Promise<string> {
  const session = await stored(store, sessionId);
  const parts = session.history.flatMap((m) => m.content);
  const waiting = parts.filter((p): p is ToolRequestPart => 'toolRequest' in p).findLast((p) => subAgentOf(p));
  return subAgentOf(waiting as ToolRequestPart)?.sessionId as string;
}

/** Approves the one question the parent's turn waits on (the sub-agent's transfer, by its path ref). */
async function approve(s: ReturnType<typeof shop>, sessionId: string, ref: string | undefined) {
  return s.parent.send(sessionId, { resume: { restart: [{ ref: ref as string, name: 'transfer' }] } }, alice);
}

describe.each(stores)('sub-sessions of agentTool calls (%s)', (_name, open) => {
  it.skipIf(!open)("gives a new branch's call its own sub-session, though its model gives the same ref", async () => {
    const s = shop((open as () => SessionStore)());
    const { sessionId } = await s.parent.send(undefined, { message: 'hi' }, alice);
    const before = (await stored(s.store, sessionId)).snapshots?.[0]?.id as string;
    const asked = await s.parent.send(sessionId, { message: 'refund A' }, alice);
    const oldSub = await waitingSubSession(s.store, sessionId);
    expect((await approve(s, sessionId, asked.interrupts[0]?.ref)).status).toBe('done');
    // An edit of "refund A": the new branch's model calls the refunds agent by 'r1' again, for B.
    const forked = await s.parent.send(sessionId, { message: 'refund B', snapshotId: before }, alice);
    expect(forked.status).toBe('interrupted');
    const newSub = await waitingSubSession(s.store, sessionId);
    expect(newSub).not.toBe(oldSub);
    const userWords = async (id: string) =>
      (await stored(s.store, id)).history.filter((m) => m.role === 'user').map((m) => textOf(m.content));
    expect(await userWords(newSub)).toEqual(['{"orderId":"B"}']);
    expect((await approve(s, sessionId, forked.interrupts[0]?.ref)).status).toBe('done');
    expect(s.record.runs).toBe(2);
    // The old branch's sub-session is as it was: one request, answered once.
    expect(await userWords(oldSub)).toEqual(['{"orderId":"A"}']);
  });

  it.skipIf(!open)('asks afresh on a new branch what a question the person left behind asked', async () => {
    const s = shop((open as () => SessionStore)());
    const { sessionId } = await s.parent.send(undefined, { message: 'hi' }, alice);
    const before = (await stored(s.store, sessionId)).snapshots?.[0]?.id as string;
    const left = await s.parent.send(sessionId, { message: 'refund A' }, alice);
    const oldSub = await waitingSubSession(s.store, sessionId);
    // The same words again from before them: the same call, same ref, same input, on a new branch.
    const forked = await s.parent.send(sessionId, { message: 'refund A', snapshotId: before }, alice);
    expect(forked.status).toBe('interrupted');
    const newSub = await waitingSubSession(s.store, sessionId);
    expect(newSub).not.toBe(oldSub);
    expect(forked.interrupts[0]?.ref).not.toBe(left.interrupts[0]?.ref);
    expect((await approve(s, sessionId, forked.interrupts[0]?.ref)).status).toBe('done');
    expect(s.record.runs).toBe(1);
    // The question left behind stays unanswered in its own sub-session.
    expect((await stored(s.store, oldSub)).status).toBe('interrupted');
  });

  it.skipIf(!open)('gives each turn its own sub-session when the model gives one ref every turn', async () => {
    const s = shop((open as () => SessionStore)());
    const first = await s.parent.send(undefined, { message: 'refund A' }, alice);
    const { sessionId } = first;
    const firstSub = await waitingSubSession(s.store, sessionId);
    await approve(s, sessionId, first.interrupts[0]?.ref);
    const second = await s.parent.send(sessionId, { message: 'refund A' }, alice);
    expect(second.status).toBe('interrupted');
    const secondSub = await waitingSubSession(s.store, sessionId);
    expect(secondSub).not.toBe(firstSub);
    // Linked to its parent as every sub-session is: the cleanup finds it by that link, not by its id.
    expect((await stored(s.store, secondSub)).parent).toEqual({ sessionId, ref: 'r1', agent: 'shop' });
    // Keyed on the kit's id of the call, which the parent's journal holds.
    const calls = (await stored(s.store, sessionId)).history.flatMap((message) =>
      message.content.flatMap((part, index) =>
        'toolRequest' in part ? [callIdOf(part as ToolRequestPart, message, index, sessionId)] : [],
      ),
    );
    expect(calls.map((id) => subSessionId(sessionId, id))).toEqual([firstSub, secondSub]);
    expect((await approve(s, sessionId, second.interrupts[0]?.ref)).status).toBe('done');
    expect(s.record.runs).toBe(2);
  });

  it.skipIf(!open)('resumes a call that waited before the change into the sub-session its ref named', async () => {
    const s = shop((open as () => SessionStore)());
    const asked = await s.parent.send(undefined, { message: 'refund A' }, alice);
    const { sessionId } = asked;
    // As the kit before the change left it: the sub-session at the ref's id, which the waiting call names.
    const made = await waitingSubSession(s.store, sessionId);
    const legacy = subSessionId(sessionId, 'r1');
    await s.store.create({ ...(await stored(s.store, made)), id: legacy });
    await s.store.delete(made);
    const parent = await s.store.load(sessionId, { fresh: true });
    if (!parent) throw new Error('no parent');
    const history = parent.session.history.map((m) => ({
      ...m,
      content: m.content.map((p) => {
        const sub = 'toolRequest' in p ? subAgentOf(p) : undefined;
        if (!sub || !('toolRequest' in p)) return p;
        return { ...p, metadata: { ...p.metadata, interrupt: { subAgent: { ...sub, sessionId: legacy } } } };
      }),
    }));
    await s.store.write(parent, { ...parent.session, history, version: parent.session.version + 1 });
    expect((await approve(s, sessionId, asked.interrupts[0]?.ref)).status).toBe('done');
    expect(s.record.runs).toBe(1);
    expect(textOf((await stored(s.store, legacy)).history.at(-1)?.content ?? [])).toBe('refunded');
    expect(await s.store.load(made, { fresh: true })).toBeUndefined();
  });
});
