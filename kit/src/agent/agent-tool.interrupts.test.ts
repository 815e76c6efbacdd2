import type { Resume } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answeredByOf, inputDigest } from '../call-state/index.js';
import { isKitError, type KitError } from '../errors/index.js';
import type { Message, ToolRequestPart } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore, type Session } from '../session/index.js';
import { type Approvers, approversWithClaim } from '../tools/index.js';
import { agentTool } from './agent-tool.js';
import { defineAgent } from './define-agent.js';
import {
  deployedTransferTools,
  type Effects,
  effects,
  type TransferDeploy,
  toolThenAnswer,
  transferTool,
} from './test-utils/agent-fixtures.js';
import { subSessionOf } from './test-utils/sub-session-of.js';

const alice = { uid: 'alice', context: { auth: { uid: 'alice', token: {} } } };
const as = (uid: string, token: Record<string, unknown> = {}) => ({ uid, context: { auth: { uid, token } } });

/** The refunds agent: a user message asks `transfer` (which waits for a person) for 100 cents; a tool message says what it got. */
function refundsModel() {
  return scriptedModel((request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') {
      const outputs = last.content.map((p) => ('toolResponse' in p ? p.toolResponse.output : undefined));
      return `refunds: ${JSON.stringify(outputs)}`;
    }
    return {
      message: { role: 'model', content: [{ toolRequest: { name: 'transfer', input: { cents: 100 } } }] },
      finishReason: 'stop',
    };
  });
}

/** A shop whose model calls the refunds agent once; its transfer asks `approvers` (default: the owner). */
/** `over`: a later deploy on the same store (`transfer` as `deploy` changed it). */
function shop(approvers?: Approvers, over?: { store: InMemorySessionStore; record: Effects; deploy: TransferDeploy }) {
  const store = over?.store ?? new InMemorySessionStore();
  const record: Effects = over?.record ?? effects();
  const tools = over ? deployedTransferTools(record, over.deploy) : [transferTool(record, approvers)];
  const refunds = defineAgent({ name: 'refunds', model: refundsModel(), tools, store });
  const tool = agentTool(refunds, {
    name: 'refunds',
    description: 'refunds an order',
    input: z.object({ orderId: z.string() }),
  });
  const parent = defineAgent({
    name: 'shop',
    model: toolThenAnswer('refunds', { orderId: 'A' }),
    tools: [tool],
    store,
  });
  return { store, record, parent };
}

async function stored(store: InMemorySessionStore, id: string): Promise<Session> {
  const record = await store.load(id);
  if (!record) throw new Error(`no session ${id}`);
  return record.session;
}

/** The ref of the stored call of `name` in `session`. */
function refOf(session: Session, name: string): string {
  const part = session.history
    .flatMap((m) => m.content)
    .find((p): p is ToolRequestPart => 'toolRequest' in p && p.toolRequest.name === name);
  return part?.toolRequest.ref as string;
}

/** A parent turn waiting on the sub-agent's transfer: its session, the sub-session and the path ref. */
async function waiting(s: ReturnType<typeof shop>) {
  const result = await s.parent.send(undefined, { message: 'refund A' }, alice);
  const parentSession = await stored(s.store, result.sessionId);
  const ref = refOf(parentSession, 'refunds');
  const subId = subSessionOf(parentSession, ref);
  const sub = await stored(s.store, subId);
  const path = `${ref}/${refOf(sub, 'transfer')}`;
  return { result, sessionId: result.sessionId, ref, subId, path };
}

const approve = (ref: string, digest?: string): Resume => ({
  restart: [{ ref, name: 'transfer', ...(digest === undefined ? {} : { inputDigest: digest }) }],
});

async function refusal(run: Promise<unknown>): Promise<KitError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isKitError(error)) throw new Error(`expected a kit error, got ${String(error)}`);
  return error;
}

describe('agentTool (interrupts)', () => {
  it("lists the sub-agent's interrupt as the parent's, by path ref, with the sub tool's name, input and digest", async () => {
    const s = shop();
    const w = await waiting(s);
    expect(w.result.status).toBe('interrupted');
    expect(w.result.interrupts).toEqual([
      {
        ref: w.path,
        name: 'transfer',
        input: { cents: 100 },
        metadata: { need: 'confirm', cents: 100 },
        inputDigest: inputDigest({ cents: 100 }),
      },
    ]);
    expect((await stored(s.store, w.subId)).status).toBe('interrupted');
    expect(s.record.runs).toBe(0);
  });

  it("finishes the sub-agent's turn, then the parent's, once, when the parent's resume approves by the path ref", async () => {
    const s = shop();
    const w = await waiting(s);
    const resume = approve(w.path, inputDigest({ cents: 100 }));
    const done = await s.parent.send(w.sessionId, { resume }, { ...alice, requestId: 'approve-1' });
    expect(done).toMatchObject({ status: 'done', text: 'done: ["refunds: [{\\"done\\":true,\\"cents\\":100}]"]' });
    expect(s.record.runs).toBe(1);
    // The same resume again (a retry): the first result, nothing run again.
    const again = await s.parent.send(w.sessionId, { resume }, { ...alice, requestId: 'approve-1' });
    expect(again.text).toBe(done.text);
    expect(s.record.runs).toBe(1);
    const sub = await stored(s.store, w.subId);
    expect(sub.status).toBe('idle');
    const transfer = sub.history
      .flatMap((m) => m.content)
      .find((p): p is ToolRequestPart => 'toolRequest' in p && p.toolRequest.name === 'transfer');
    expect(transfer && answeredByOf(transfer)?.uid).toBe('alice');
  });

  it("tells the sub-agent's model a decline by the path ref, and runs nothing", async () => {
    const s = shop();
    const w = await waiting(s);
    const resume: Resume = { decline: [{ ref: w.path, name: 'transfer', reason: 'not this one' }] };
    const done = await s.parent.send(w.sessionId, { resume }, alice);
    expect(done.status).toBe('done');
    expect(done.text).toContain('declined');
    expect(s.record.runs).toBe(0);
  });

  it('refuses an answer given for another input (APPROVAL_STALE) by the path ref, and writes nothing', async () => {
    const s = shop();
    const w = await waiting(s);
    const before = [(await stored(s.store, w.sessionId)).version, (await stored(s.store, w.subId)).version];
    const error = await refusal(
      s.parent.send(w.sessionId, { resume: approve(w.path, inputDigest({ cents: 1 })) }, alice),
    );
    expect(error).toMatchObject({ reason: 'APPROVAL_STALE', details: { ref: w.path, name: 'transfer' } });
    expect([(await stored(s.store, w.sessionId)).version, (await stored(s.store, w.subId)).version]).toEqual(before);
    expect(s.record.runs).toBe(0);
  });

  it("refuses an approval (TOOL_CHANGED) by the path ref, and writes nothing, when a deploy removed the sub-agent's tool", async () => {
    const s = shop();
    const w = await waiting(s);
    const before = [(await stored(s.store, w.sessionId)).version, (await stored(s.store, w.subId)).version];
    const deployed = shop(undefined, { store: s.store, record: s.record, deploy: 'tool removed' });
    const error = await refusal(deployed.parent.send(w.sessionId, { resume: approve(w.path) }, alice));
    expect(error).toMatchObject({ reason: 'TOOL_CHANGED', details: { ref: w.path, name: 'transfer' } });
    expect([(await stored(s.store, w.sessionId)).version, (await stored(s.store, w.subId)).version]).toEqual(before);
    expect(s.record.runs).toBe(0);
  });

  it('refuses an answer to the sub-agent call itself (ANSWER_NOT_ALLOWED): only its questions are answered', async () => {
    const s = shop();
    const w = await waiting(s);
    const error = await refusal(
      s.parent.send(w.sessionId, { resume: { restart: [{ ref: w.ref, name: 'refunds' }] } }, alice),
    );
    expect(error).toMatchObject({ reason: 'ANSWER_NOT_ALLOWED', details: { ref: w.ref } });
    expect(s.record.runs).toBe(0);
  });

  it('refuses a path ref the sub-agent does not wait on (UNKNOWN_REF), naming the path', async () => {
    const s = shop();
    const w = await waiting(s);
    const error = await refusal(s.parent.send(w.sessionId, { resume: approve(`${w.ref}/nope`) }, alice));
    expect(error).toMatchObject({ reason: 'UNKNOWN_REF', details: { ref: `${w.ref}/nope` } });
  });

  it("admits a manager the sub tool's approvers admit, through the parent's answer, stamped on the sub-agent's call", async () => {
    const s = shop(approversWithClaim('manager'));
    const w = await waiting(s);
    const error = await refusal(s.parent.answer(w.sessionId, approve(w.path), as('eve')));
    expect(error).toMatchObject({ code: 'permission-denied', reason: 'NOT_ALLOWED' });
    expect(s.record.runs).toBe(0);
    const max = { ...as('max', { manager: true }), requestId: 'max-1' };
    const result = await s.parent.answer(w.sessionId, approve(w.path), max);
    expect(result).toMatchObject({
      status: 'answered',
      answered: [{ ref: w.path, name: 'transfer', answer: 'restart' }],
    });
    await s.parent.idle();
    expect(s.record.runs).toBe(1);
    // The manager's retry (the same request id) is told the same; another's is refused; nothing runs again.
    expect(await s.parent.answer(w.sessionId, approve(w.path), max)).toEqual(result);
    const other = await refusal(s.parent.answer(w.sessionId, approve(w.path), { ...as('eve'), requestId: 'max-1' }));
    expect(other).toMatchObject({ reason: 'NOT_ALLOWED' });
    expect(s.record.runs).toBe(1);
    expect((await stored(s.store, w.sessionId)).status).toBe('idle');
    const sub = await stored(s.store, w.subId);
    const transfer = sub.history
      .flatMap((m) => m.content)
      .find((p): p is ToolRequestPart => 'toolRequest' in p && p.toolRequest.name === 'transfer');
    expect(transfer && answeredByOf(transfer)?.uid).toBe('max');
  });

  it('refuses a new message while the sub-agent waits (INTERRUPT_PENDING), as for any waiting call', async () => {
    const s = shop();
    const w = await waiting(s);
    const error = await refusal(s.parent.send(w.sessionId, { message: 'hello?' }, alice));
    expect(error).toMatchObject({
      reason: 'INTERRUPT_PENDING',
      details: { interrupts: [{ ref: w.path, name: 'transfer' }] },
    });
  });
});
