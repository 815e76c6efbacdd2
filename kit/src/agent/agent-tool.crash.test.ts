import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Message } from '../model/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import { InMemorySessionStore, type Session } from '../session/index.js';
import type { SessionStore } from '../session/session-store.js';
import { FlakyStore } from '../session/test-utils/flaky-store.js';
import { agentTool } from './agent-tool.js';
import { defineAgent } from './define-agent.js';
import { subSessionId } from './sub-agent/index.js';
import {
  chargeTool,
  effects,
  manualClock,
  toolThenAnswer,
  transferTool,
  userTexts,
} from './test-utils/agent-fixtures.js';
import { CRASH_LEASE_MS, crashFaults, crashOwner, takeOn } from './test-utils/crash-world.js';
import { subSessionOf } from './test-utils/sub-session-of.js';

// The sub-agent failure matrix (docs/architecture.md): the instance that runs a parent turn with
// a sub-agent call dies at each write of either session (a crash: every later call of that
// instance fails, as a SIGKILL leaves it), and the turn is taken on by the client's retry (the
// same request id) or by the server's continuation. Each effect runs at most once, outside the
// window a crash between an effect and its journal write leaves (as for any tool); the stored
// history of both sessions holds each message and call once; nothing runs unapproved.

/** The refunds agent: a user message asks `tool` (`charge` runs at once, `transfer` asks first), a tool message says "refunded". */
function refundsModel(tool: 'charge' | 'transfer') {
  return scriptedModel((request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') return 'refunded';
    const input = tool === 'charge' ? { orderId: 'A', cents: 100 } : { cents: 100 };
    return { message: { role: 'model', content: [{ toolRequest: { name: tool, input } }] }, finishReason: 'stop' };
  });
}

function world(tool: 'charge' | 'transfer') {
  const inner = new InMemorySessionStore();
  const clock = manualClock();
  const record = effects();
  /** The shop and its refunds agent on one instance (its own caches) over `store`. */
  const instance = (store: SessionStore) => {
    const timing = { store, clock: clock.now, leaseMs: CRASH_LEASE_MS };
    const refunds = defineAgent({
      name: 'refunds',
      model: refundsModel(tool),
      tools: [tool === 'charge' ? chargeTool(record) : transferTool(record)],
      ...timing,
    });
    const call = agentTool(refunds, { name: 'refunds', description: 'refunds', input: z.object({}) });
    return defineAgent({ name: 'shop', model: toolThenAnswer('refunds', {}), tools: [call], ...timing });
  };
  return { inner, clock, record, instance };
}

const refOf = (session: Session, name: string): string | undefined =>
  session.history
    .flatMap((m) => m.content)
    .flatMap((p) => ('toolRequest' in p && p.toolRequest.name === name ? [p] : []))[0]?.toolRequest.ref;

/** Checks both sessions' histories hold what ran, once, and neither is left held. */
async function expectHistories(inner: InMemorySessionStore, sessionId: string, subRoles: string[]): Promise<void> {
  const parent = (await inner.load(sessionId))?.session as Session;
  expect(userTexts(parent.history)).toEqual(['refund A']);
  expect(parent.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model']);
  expect(parent.status).toBe('idle');
  const sub = (await inner.load(subSessionOf(parent, refOf(parent, 'refunds') as string)))?.session as Session;
  expect(sub.history.map((m) => m.role)).toEqual(subRoles);
  expect(sub.status).toBe('idle');
  expect(sub.lease).toBeUndefined();
}

/** `session`'s parts, each as `edit` makes it. */
const withParts = (session: Session, edit: (part: Session['history'][number]['content'][number]) => unknown): Session =>
  ({
    ...session,
    history: session.history.map((m) => ({ ...m, content: m.content.map(edit) })),
    version: session.version + 1,
  }) as Session;

describe('agentTool crash safety', () => {
  it('finishes a call approved by an older kit (its answers name no sub-session) in the sub-session its ref named', async () => {
    const w = world('transfer');
    const asked = await w.instance(w.inner).send(undefined, { message: 'refund A' }, crashOwner);
    const parent = (await w.inner.load(asked.sessionId))?.session as Session;
    const ref = refOf(parent, 'refunds') as string;
    // As an older kit left it: the sub-session at the id made from the call's ref.
    const made = subSessionOf(parent, ref);
    const legacy = subSessionId(asked.sessionId, ref);
    await w.inner.create({ ...((await w.inner.load(made))?.session as Session), id: legacy });
    await w.inner.delete(made);
    const interrupted = await w.inner.load(asked.sessionId);
    await w.inner.write(
      interrupted as NonNullable<typeof interrupted>,
      withParts(parent, (p) => {
        const sub =
          'toolRequest' in p ? (p.metadata?.interrupt as { subAgent?: object } | undefined)?.subAgent : undefined;
        return sub ? { ...p, metadata: { ...p.metadata, interrupt: { subAgent: { ...sub, sessionId: legacy } } } } : p;
      }),
    );
    // The approval is journaled, then the instance dies; the older kit's admission handed on no sub-session.
    const resume = { restart: [{ ref: asked.interrupts[0]?.ref as string, name: 'transfer' }] };
    const flaky = new FlakyStore(w.inner, { at: 1, when: 'after', mode: 'crash' });
    await w
      .instance(flaky)
      .send(asked.sessionId, { resume }, { ...crashOwner, requestId: 'ok-1' })
      .catch(() => undefined);
    const approved = await w.inner.load(asked.sessionId);
    const stripped = withParts(approved?.session as Session, (p) => {
      const handed = p.metadata?.resumed as { sessionId?: string } | undefined;
      if (!handed?.sessionId) return p;
      const { sessionId: _gone, ...older } = handed;
      return { ...p, metadata: { ...p.metadata, resumed: older } };
    });
    await w.inner.write(approved as NonNullable<typeof approved>, stripped);
    const result = await takeOn(w, 'shop', 'continuation', asked.sessionId, { resume }, 'ok-1');
    expect(result).toMatchObject({ status: 'done', text: 'done: ["refunded"]' });
    expect(w.record.runs).toBe(1);
    const sub = (await w.inner.load(legacy))?.session as Session;
    expect(sub.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model']);
  });

  // Writes of a parent turn with one sub-agent call that charges: parent lease and message,
  // parent's request, sub lease and message, sub's request, the charge's result, sub's answer,
  // the call's result, the parent's answer.
  for (const how of ['retry', 'continuation'] as const) {
    for (const fault of crashFaults(8)) {
      it(`completes the parent turn and its sub-agent's once by ${how} when the instance dies: ${fault.when} write ${fault.at}`, async () => {
        const w = world('charge');
        const flaky = new FlakyStore(w.inner, fault);
        const first = await w
          .instance(flaky)
          .send(undefined, { message: 'refund A' }, { ...crashOwner, requestId: 'r1' })
          .catch((e: unknown) => e);
        expect(first).toBeInstanceOf(Error);
        // The charge's result is lost in flight only when the instance died just before journaling it.
        const inWindow = fault.at === 5 && fault.when === 'before';
        const sessionId = (first as { details?: { sessionId?: string } }).details?.sessionId;
        const result = await takeOn(w, 'shop', how, sessionId, { message: 'refund A' }, 'r1');
        expect(result).toMatchObject({ status: 'done', text: 'done: ["refunded"]' });
        await expectHistories(w.inner, result.sessionId, ['user', 'model', 'tool', 'model']);
        expect(w.record.applied.size).toBe(1);
        expect(w.record.runs).toBe(inWindow ? 2 : 1);
      });
    }
  }

  // Writes of the resume of a parent waiting on its sub-agent's transfer: parent lease, sub lease,
  // the transfer's result, sub's answer, the call's result, the parent's answer.
  for (const how of ['retry', 'continuation'] as const) {
    for (const fault of crashFaults(6)) {
      it(`finishes an approved sub-agent call once by ${how} when the instance dies: ${fault.when} write ${fault.at}`, async () => {
        const w = world('transfer');
        const asked = await w.instance(w.inner).send(undefined, { message: 'refund A' }, crashOwner);
        expect(asked.status).toBe('interrupted');
        expect(w.record.runs).toBe(0);
        const resume = { restart: [{ ref: asked.interrupts[0]?.ref as string, name: 'transfer' }] };
        const flaky = new FlakyStore(w.inner, fault);
        const first = await w
          .instance(flaky)
          .send(asked.sessionId, { resume }, { ...crashOwner, requestId: 'ok-1' })
          .catch((e: unknown) => e);
        expect(first).toBeInstanceOf(Error);
        const inWindow = fault.at === 3 && fault.when === 'before';
        const result = await takeOn(w, 'shop', how, asked.sessionId, { resume }, 'ok-1');
        expect(result).toMatchObject({ status: 'done', text: 'done: ["refunded"]' });
        await expectHistories(w.inner, asked.sessionId, ['user', 'model', 'tool', 'model']);
        expect(w.record.applied.size).toBe(1);
        expect(w.record.runs).toBe(inWindow ? 2 : 1);
      });
    }
  }
});
