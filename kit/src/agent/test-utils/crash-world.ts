import type { SessionStore } from '../../session/session-store.js';
import type { Fault } from '../../session/test-utils/flaky-store.js';
import type { Agent } from '../agent.js';
import type { AgentInput } from '../turn/index.js';
import type { ManualClock } from './agent-fixtures.js';

// What the crash tests share: instances of one agent over one store, each killed at a store write
// (a `FlakyStore` fault) and taken on by the next, as a client's retry or the server's continuation.

/** The lease of a crash test's agents: a dead turn is taken on once the clock passes it. */
export const CRASH_LEASE_MS = 30_000;

/** The owner of a crash test's sessions. */
export const crashOwner = { uid: 'u1', context: { auth: { uid: 'u1', token: {} } } };

/** A crash before and after each of the first `writes` store writes. */
export const crashFaults = (writes: number): Fault[] =>
  Array.from({ length: writes }, (_, i) => i + 1).flatMap((at) =>
    (['before', 'after'] as const).map((when) => ({ at, when, mode: 'crash' as const })),
  );

/** A crash test's world: the store every instance shares, its clock, and a new instance (a cold start) over a store. */
export interface CrashWorld {
  inner: SessionStore;
  clock: ManualClock;
  instance(store: SessionStore): Pick<Agent, 'send' | 'continue'>;
}

/**
 * Takes the dead turn of agent `agent` on from a new instance, once its lease lapsed: the
 * client's retry under `requestId`, or (`continuation`) the server's continuation first.
 */
export async function takeOn(
  w: CrashWorld,
  agent: string,
  how: 'retry' | 'continuation',
  sessionId: string | undefined,
  input: AgentInput,
  requestId: string,
) {
  w.clock.advance(CRASH_LEASE_MS + 1);
  const next = w.instance(w.inner);
  const stored = sessionId ? (await w.inner.load(sessionId))?.session : undefined;
  if (how === 'continuation' && stored?.lease && stored.status === 'running') {
    await next.continue({ agent, sessionId: stored.id, leaseId: stored.lease.id, handOffs: 0 });
  }
  return next.send(sessionId, input, { ...crashOwner, requestId });
}
