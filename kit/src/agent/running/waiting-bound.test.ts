import { describe, expect, it } from 'vitest';
import { stampInterrupt } from '../../call-state/index.js';
import type { Message, ToolRequestPart } from '../../model/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { InMemorySessionStore, type WaitingFilter } from '../../session/index.js';
import { sampleSession } from '../../session/test-utils/session-store-conformance.js';
import { resolveAgent } from '../runtime/index.js';
import { waitingBound } from './waiting-bound.js';

const asking = (ref: string): ToolRequestPart =>
  stampInterrupt({ toolRequest: { name: 'pay', ref, input: {} } }, { title: 'Pay?' });
const subAgentCall = (ref: string): ToolRequestPart =>
  stampInterrupt(
    { toolRequest: { name: 'refunds', ref, input: {} } },
    { subAgent: { agent: 'refunds', sessionId: 'x', interrupts: [] } },
  );
const waitingRound = (...refs: string[]): Message[] => [
  { role: 'user', content: [{ text: 'pay' }] },
  { role: 'model', content: refs.map(asking) },
];

/** A memory store holding `waiting` calls of alice's with agent 'shop', counting what it is asked. */
async function storeWith(waiting: number) {
  const store = new InMemorySessionStore();
  if (waiting)
    await store.create(sampleSession('s0', waitingRound(...Array.from({ length: waiting }, (_, i) => `w${i}`))));
  const asked: WaitingFilter[] = [];
  const counter = store.waitingCount;
  const counting = Object.assign(Object.create(store), {
    waitingCount: {
      count: (filter: WaitingFilter) => {
        asked.push(filter);
        return counter.count(filter);
      },
    },
  });
  return { store: counting as InMemorySessionStore, asked };
}

const runtime = (store: InMemorySessionStore, perOwner: number, perAgent: number) =>
  resolveAgent({
    name: 'shop',
    model: scriptedModel(async () => 'ok'),
    store,
    cache: false,
    waitingApprovals: { perOwner, perAgent },
  });

describe('waitingBound', () => {
  it('admits the calls that asked, in request order, while the owner’s count stays under its bound', async () => {
    const { store } = await storeWith(1);
    const admit = waitingBound(runtime(store, 3, 100), { ownerUid: 'alice', agent: 'shop' });
    const decided = await admit?.([asking('a'), asking('b'), asking('c')]);
    expect(decided?.map((e) => e?.message)).toEqual([
      undefined,
      undefined,
      'not asked: the person already has 3 approvals waiting (at most 3 may wait); tell them to answer or decline some of them first, then ask again',
    ]);
    const bob = waitingBound(runtime(store, 1, 100), { ownerUid: 'bob', agent: 'shop' });
    expect((await bob?.([asking('d')]))?.[0]).toBeUndefined();
  });

  it('refuses past the agent’s bound in the agent’s words, whoever the owner', async () => {
    const { store } = await storeWith(2);
    const admit = waitingBound(runtime(store, 100, 2), { ownerUid: 'bob', agent: 'shop' });
    const [refusal] = (await admit?.([asking('a')])) ?? [];
    expect(refusal).toMatchObject({ code: 'resource-exhausted' });
    expect(refusal?.message).toMatch(/^not asked: this agent already has 2 approvals waiting across its users/);
  });

  it('admits a sub-agent call as it is, counting nothing for it (its questions were bounded where they were asked)', async () => {
    const { store, asked } = await storeWith(5);
    const admit = waitingBound(runtime(store, 1, 1), { ownerUid: 'alice', agent: 'shop' });
    expect(await admit?.([subAgentCall('r')])).toEqual([undefined]);
    expect(asked).toEqual([]);
    expect((await admit?.([subAgentCall('r'), asking('a')]))?.map((e) => e?.constructor.name)).toEqual([
      undefined,
      'KitError',
    ]);
  });

  it('counts nothing for a lifted bound, and bounds nothing when lifted or the store cannot count', async () => {
    const { store, asked } = await storeWith(0);
    const admit = waitingBound(runtime(store, Number.POSITIVE_INFINITY, 5), { ownerUid: 'alice', agent: 'shop' });
    await admit?.([asking('a')]);
    expect(asked).toEqual([{ agent: 'shop' }]);
    const lifted = resolveAgent({
      name: 'shop',
      model: scriptedModel(async () => 'ok'),
      store,
      waitingApprovals: false,
    });
    expect(waitingBound(lifted, { ownerUid: 'alice', agent: 'shop' })).toBeUndefined();
    const blind = Object.assign(Object.create(store), { waitingCount: undefined }) as InMemorySessionStore;
    expect(waitingBound(runtime(blind, 1, 1), { ownerUid: 'alice', agent: 'shop' })).toBeUndefined();
  });
});
