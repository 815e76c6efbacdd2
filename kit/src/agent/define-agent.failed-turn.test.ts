import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callStateOf, openRoundOf } from '../call-state/index.js';
import { KitError } from '../errors/index.js';
import { scriptedModel } from '../models/scripted/index.js';
import type { Session } from '../session/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import { defineInterrupt, defineTool } from '../tools/index.js';
import { defineAgent } from './define-agent.js';
import { type Effects, effects } from './test-utils/agent-fixtures.js';

// docs/concepts.md's "When a turn fails mid-way": the session is stored `failed` with its journal,
// `interrupted` only if calls still wait for a person.

const approve = defineInterrupt({
  name: 'approve',
  description: 'asks a person',
  inputSchema: z.object({ what: z.string() }),
  outputSchema: z.object({ ok: z.boolean() }),
});

/** `payout`: asks a person first; once approved, its body fails the whole turn (onError: 'throw') while `down` says so. */
function payoutTool(record: Effects, down: () => boolean) {
  return defineTool(
    {
      name: 'payout',
      description: 'pays out',
      inputSchema: z.object({ cents: z.number() }),
      outputSchema: z.object({ paid: z.number() }),
      onError: 'throw',
      sideEffects: 'idempotent',
    },
    async (input, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ confirm: input.cents });
      record.runs++;
      if (down()) throw new KitError('unavailable', 'the payout service is down');
      return { paid: input.cents };
    },
  );
}

/** Asks for `approve` and `payout` in one round on a user message; answers a tool message "ok". */
const askBoth = () =>
  scriptedModel((request) => {
    if (request.messages.at(-1)?.role !== 'user') return 'ok';
    const calls = [
      { toolRequest: { name: 'approve', input: { what: 'refund' } } },
      { toolRequest: { name: 'payout', input: { cents: 5 } } },
    ];
    return { message: { role: 'model' as const, content: calls }, finishReason: 'stop' as const };
  });

function setup() {
  const store = new InMemorySessionStore();
  const record = effects();
  const service = { down: true };
  const agent = defineAgent({
    name: 'shop',
    model: askBoth(),
    tools: [approve, payoutTool(record, () => service.down)],
    store,
  });
  return { store, record, service, agent };
}

/** Where each call of the stored session's open round stands, by its tool's name, as a watcher reads it. */
const callStates = (session: Session) =>
  Object.fromEntries(
    (openRoundOf(session.history)?.content ?? []).flatMap((part) =>
      'toolRequest' in part ? [[part.toolRequest.name, callStateOf(part, session.status)]] : [],
    ),
  );

async function asked(agent: ReturnType<typeof setup>['agent']) {
  const result = await agent.send(undefined, { message: 'refund and pay' }, { uid: 'u' });
  expect(result.status).toBe('interrupted');
  const refOf = (name: string) => result.interrupts.find((i) => i.name === name)?.ref as string;
  return { sessionId: result.sessionId, approveRef: refOf('approve'), payoutRef: refOf('payout') };
}

describe('defineAgent', () => {
  it('stores a failed turn interrupted, with its error, when a call of its round still waits for a person', async () => {
    const { store, record, service, agent } = setup();
    const { sessionId, approveRef, payoutRef } = await asked(agent);
    const restart = { resume: { restart: [{ ref: payoutRef, name: 'payout' }] } };
    await expect(agent.send(sessionId, restart, { uid: 'u' })).rejects.toMatchObject({ code: 'unavailable' });
    const failed = (await store.load(sessionId))!.session;
    expect(failed).toMatchObject({ status: 'interrupted', error: { code: 'unavailable' } });
    expect(failed.interrupts.map((p) => p.toolRequest.ref)).toEqual([approveRef]);
    expect(failed.lease).toBeUndefined();
    // The approved payout ran and left no result: of unknown outcome, never "not run".
    expect(callStates(failed)).toMatchObject({
      approve: { kind: 'waiting' },
      payout: { kind: 'unknown', approved: true },
    });
    // The person answers the call that waits; the approved payout goes on from the journal.
    service.down = false;
    const respond = { resume: { respond: [{ ref: approveRef, name: 'approve', output: { ok: true } }] } };
    expect(await agent.send(sessionId, respond, { uid: 'u' })).toMatchObject({ status: 'done', text: 'ok' });
    expect(record.runs).toBe(2);
    expect((await store.load(sessionId))!.session).toMatchObject({ status: 'idle', interrupts: [] });
  });

  it('stores a failed turn failed, with its error, when none of its calls waits for a person any more', async () => {
    const { store, record, service, agent } = setup();
    const { sessionId, approveRef, payoutRef } = await asked(agent);
    const both = {
      resume: {
        restart: [{ ref: payoutRef, name: 'payout' }],
        respond: [{ ref: approveRef, name: 'approve', output: { ok: true } }],
      },
    };
    await expect(agent.send(sessionId, both, { uid: 'u' })).rejects.toMatchObject({ code: 'unavailable' });
    const failed = (await store.load(sessionId))!.session;
    expect(failed).toMatchObject({ status: 'failed', interrupts: [], error: { code: 'unavailable' } });
    expect(failed.lease).toBeUndefined();
    expect(callStates(failed)).toMatchObject({
      approve: { kind: 'answered' },
      payout: { kind: 'unknown', approved: true },
    });
    // A retry (the same answers) goes on from the journal.
    service.down = false;
    expect(await agent.send(sessionId, both, { uid: 'u' })).toMatchObject({ status: 'done', text: 'ok' });
    expect(record.runs).toBe(2);
  });
});
