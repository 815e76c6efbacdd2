import { type Agent, agentTool, defineAgent, MemoryContinuationQueue } from '@callable-flows/kit/agent/index.js';
import {
  type Effects,
  effects,
  type ManualClock,
  manualClock,
  transferTool,
} from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import { runCleanup } from '@callable-flows/kit/cleanup/index.js';
import type { Message } from '@callable-flows/kit/model/index.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import type { Session, SessionStatus, SessionStore } from '@callable-flows/kit/session/index.js';
import { FlakyStore } from '@callable-flows/kit/session/test-utils/flaky-store.js';
import type { Firestore } from '@google-cloud/firestore';
import { z } from 'zod';
import { DAY_MS, LEASE_MS, type Settled, settle } from './matrix-world.js';

// The failure matrix's sub-agent rows: a bank whose round calls a teller sub-agent (`agentTool`)
// whose `transfer` waits for a person; the parent's turn waits with it, its interrupt named by
// the path ref. Each follow-up is what a client, the user, the cleanup or the server does next,
// then the retry of it by its request id; what each must do is written here, never read back.

/** One tenant: its store, clock, queue and downstream effects, the parent's session and its sub-session. */
export interface SubAgentWorld {
  store: FirestoreSessionStore;
  clock: ManualClock;
  record: Effects;
  queue: MemoryContinuationQueue;
  /** The bank (parent) and its teller, as one instance over `over` sees them. */
  agent(over?: SessionStore): Agent;
  stored(sessionId: string): Promise<Session>;
}

let tenants = 0;

export function subAgentWorld(firestore: Firestore): SubAgentWorld {
  const prefix = `sa${tenants++}_`;
  const store = new FirestoreSessionStore({ firestore, prefix });
  const clock = manualClock();
  const record = effects();
  const queue = new MemoryContinuationQueue();
  const teller = scriptedModel((request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') {
      const out = last.content.flatMap((p) => ('toolResponse' in p ? [p.toolResponse.output] : []));
      return `teller: ${JSON.stringify(out)}`;
    }
    return {
      message: { role: 'model', content: [{ toolRequest: { name: 'transfer', input: { cents: 500 } } }] },
      finishReason: 'stop',
    };
  });
  const bank = scriptedModel((request) => {
    const last = request.messages.at(-1) as Message;
    if (last.role === 'tool') return 'bank: done';
    const text = last.content.map((p) => ('text' in p ? p.text : '')).join('');
    if (text !== 'send 5 euros') return `noted: ${text}`;
    return {
      message: { role: 'model', content: [{ toolRequest: { name: 'teller', input: {} } }] },
      finishReason: 'stop',
    };
  });
  const agent = (over: SessionStore = store) => {
    const common = { store: over, clock: clock.now, leaseMs: LEASE_MS };
    const sub = defineAgent({ name: 'teller', model: teller, tools: [transferTool(record)], ...common });
    const tool = agentTool(sub, { name: 'teller', description: 'moves money', input: z.object({}) });
    return defineAgent({
      name: 'bank',
      model: bank,
      tools: [tool],
      ...common,
      continuation: { queue, afterMs: 0 },
    });
  };
  return {
    store,
    clock,
    record,
    queue,
    agent,
    stored: async (id) => {
      const loaded = await store.load(id);
      if (!loaded) throw new Error(`session ${id} is gone`);
      return loaded.session;
    },
  };
}

/** What a row's call must give, and where both sessions must then stand. */
export interface SubAgentExpected {
  /** `done`, or the reason the call fails with; `continued`: the server went on with the turn. */
  outcome: 'done' | 'continued' | 'cleaned' | string;
  /** Runs of the transfer body, downstream, once the row is done (its retry included). */
  runs: 0 | 1 | 2;
  /** The statuses of the parent's session and the sub-session at the end. */
  status: [SessionStatus, SessionStatus];
  /** User texts of the parent's conversation, each stored exactly once. */
  sent: string[];
  /** A refused call writes nothing to either session. */
  writes: boolean;
}

/** One follow-up, given the waiting parent's session, the path ref and the question's digest. */
export interface SubAgentFollowUp {
  name: string;
  run(w: SubAgentWorld, sessionId: string, path: string, digest: string): Promise<Settled | 'cleaned' | 'continued'>;
  /** The same call again (by its request id): what it must then give. */
  retry?(w: SubAgentWorld, sessionId: string, path: string, digest: string): Promise<Settled>;
  expected: SubAgentExpected;
  /** What the retry must give (`done`, or a reason). */
  retried?: string;
}

const alice = { uid: 'alice' };
const approve = (path: string, inputDigest?: string) => ({
  resume: { restart: [{ ref: path, name: 'transfer', ...(inputDigest ? { inputDigest } : {}) }] },
});

const decline = (path: string, inputDigest: string) => ({
  resume: { decline: [{ ref: path, name: 'transfer', reason: 'not now', inputDigest }] },
});

/** The server's continuation of every task the queue holds, each on an instance of its own. */
async function continueAll(w: SubAgentWorld): Promise<'continued'> {
  let went = false;
  for (const { task } of w.queue.take()) if ((await w.agent().continue(task)) === 'continued') went = true;
  if (!went) throw new Error('the server went on with no turn');
  return 'continued';
}

/**
 * The resume on an instance that dies (every later call of it fails) `when` its `at`-th write
 * goes out. The resume's writes: the parent's lease (1), the sub-session's lease (2), the
 * transfer's result (3), the sub-agent's answer (4), the call's result (5), the parent's answer (6).
 */
async function resumeDying(
  w: SubAgentWorld,
  sessionId: string,
  path: string,
  digest: string,
  at: number,
  when: 'before' | 'after',
) {
  w.queue.take(); // the asking turn's task is done with
  const dying = new FlakyStore(w.store, { at, when, mode: 'crash' });
  const failed = await settle(w.agent(dying).send(sessionId, approve(path, digest), { ...alice, requestId: 'ok-1' }));
  if ('ok' in failed) throw new Error('the dying instance answered');
  w.clock.advance(LEASE_MS + 1);
}

export const SUB_AGENT_FOLLOW_UPS: SubAgentFollowUp[] = [
  {
    name: 'the resume by the path ref',
    run: (w, id, path, digest) => settle(w.agent().send(id, approve(path, digest), { ...alice, requestId: 'ok-1' })),
    retry: (w, id, path, digest) => settle(w.agent().send(id, approve(path, digest), { ...alice, requestId: 'ok-1' })),
    expected: { outcome: 'done', runs: 1, status: ['idle', 'idle'], sent: [], writes: true },
    retried: 'done',
  },
  {
    name: 'a decline by the path ref',
    run: (w, id, path, digest) => settle(w.agent().send(id, decline(path, digest), { ...alice, requestId: 'dn-1' })),
    retry: (w, id, path, digest) => settle(w.agent().send(id, decline(path, digest), { ...alice, requestId: 'dn-1' })),
    // The sub-agent's model is told, its turn ends, then the parent's: nothing runs.
    expected: { outcome: 'done', runs: 0, status: ['idle', 'idle'], sent: [], writes: true },
    retried: 'done',
  },
  {
    name: 'a stale resume (the digest of another input)',
    run: (w, id, path) => settle(w.agent().send(id, approve(path, 'stale-digest'), { ...alice, requestId: 'st-1' })),
    retry: (w, id, path) => settle(w.agent().send(id, approve(path, 'stale-digest'), { ...alice, requestId: 'st-1' })),
    expected: { outcome: 'APPROVAL_STALE', runs: 0, status: ['interrupted', 'interrupted'], sent: [], writes: false },
    retried: 'APPROVAL_STALE',
  },
  {
    name: 'a new message',
    run: (w, id) => settle(w.agent().send(id, { message: 'thanks' }, { ...alice, requestId: 'm-1' })),
    retry: (w, id) => settle(w.agent().send(id, { message: 'thanks' }, { ...alice, requestId: 'm-1' })),
    expected: {
      outcome: 'INTERRUPT_PENDING',
      runs: 0,
      status: ['interrupted', 'interrupted'],
      sent: [],
      writes: false,
    },
    retried: 'INTERRUPT_PENDING',
  },
  {
    name: 'a stop',
    run: async (w, id) => {
      try {
        return { ok: (await w.agent().stop(id, alice)) as never };
      } catch (error) {
        return settle(Promise.reject(error));
      }
    },
    expected: { outcome: 'NOTHING_TO_STOP', runs: 0, status: ['interrupted', 'interrupted'], sent: [], writes: false },
  },
  {
    name: 'the cleanup after the TTL, then the resume',
    run: async (w) => {
      w.clock.advance(2 * DAY_MS);
      const report = await runCleanup({ store: w.store, clock: w.clock.now });
      if (report.errors !== 0) throw new Error(`the cleanup failed ${report.errors} time(s)`);
      return 'cleaned';
    },
    retry: (w, id, path, digest) => settle(w.agent().send(id, approve(path, digest), { ...alice, requestId: 'ok-1' })),
    expected: { outcome: 'cleaned', runs: 0, status: ['expired', 'expired'], sent: [], writes: true },
    retried: 'APPROVAL_EXPIRED',
  },
  {
    name: 'the resume on an instance that dies after the sub-agent took its lease, then the continuation',
    run: async (w, id, path, digest) => {
      await resumeDying(w, id, path, digest, 2, 'after');
      return continueAll(w);
    },
    retry: (w, id, path, digest) => settle(w.agent().send(id, approve(path, digest), { ...alice, requestId: 'ok-1' })),
    expected: { outcome: 'continued', runs: 1, status: ['idle', 'idle'], sent: [], writes: true },
    retried: 'done',
  },
  {
    name: 'the resume on an instance that dies before the transfer is journaled, then its retry',
    run: async (w, id, path, digest) => {
      await resumeDying(w, id, path, digest, 3, 'before');
      return settle(w.agent().send(id, approve(path, digest), { ...alice, requestId: 'ok-1' }));
    },
    retry: (w, id, path, digest) => settle(w.agent().send(id, approve(path, digest), { ...alice, requestId: 'ok-1' })),
    // The one window of any tool: its effect done, its result not journaled; the retry runs it again, same ref.
    expected: { outcome: 'done', runs: 2, status: ['idle', 'idle'], sent: [], writes: true },
    retried: 'done',
  },
];
