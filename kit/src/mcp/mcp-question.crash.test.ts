import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineAgent } from '../agent/define-agent.js';
import { manualClock, toolThenAnswer } from '../agent/test-utils/agent-fixtures.js';
import { CRASH_LEASE_MS, crashFaults, crashOwner, takeOn } from '../agent/test-utils/crash-world.js';
import { InMemorySessionStore, type Session } from '../session/index.js';
import type { SessionStore } from '../session/session-store.js';
import { demoProjectId } from '../session/test-utils/emulator-firestore.js';
import { firestoreStoreBackends } from '../session/test-utils/firestore-store-backends.js';
import { FlakyStore } from '../session/test-utils/flaky-store.js';
import { firestoreEmulatorHost } from '../test-utils/firestore.js';
import { mcpTools } from './mcp-tools.js';
import { type McpTestServer, startMcpTestServer } from './test-utils/mcp-test-server.js';

// A server's question across a crash (docs/architecture.md, the crash matrix): the instance that
// runs the turn dies at each write, while the question is being asked or once it was answered,
// and the turn is taken on by another instance (its own MCP source: no listing, no connection)
// through the client's retry (the same request id) or the server's continuation. The question
// is asked once, the answer reaches the server with its state, and the effect is applied once.

let server: McpTestServer;
const closing: (() => Promise<void>)[] = [];
beforeAll(async () => {
  server = await startMcpTestServer('modern');
});
afterAll(async () => {
  await Promise.all(closing.map((close) => close()));
  await server.close();
});

function world(open: () => SessionStore) {
  const inner = open();
  const clock = manualClock();
  /** An instance over `store`: its own agent and MCP source, as a cold start has. */
  const instance = (store: SessionStore) => {
    const source = mcpTools({ url: server.url, name: 'accounts' });
    closing.push(() => source.close());
    return defineAgent({
      name: 'accounts',
      model: toolThenAnswer('link', {}),
      tools: [source],
      store,
      clock: clock.now,
      leaseMs: CRASH_LEASE_MS,
    });
  };
  return { inner, clock, instance };
}

type TurnResult = Awaited<ReturnType<typeof takeOn>>;

const linkRef = (session: Session): string | undefined =>
  session.history.flatMap((m) => m.content).flatMap((p) => ('toolRequest' in p ? [p.toolRequest.ref] : []))[0];

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: a server’s question across a crash on Firestore — no Firestore emulator ***\n');
const backends = host ? firestoreStoreBackends(host, demoProjectId('mcpq'), 'mq') : undefined;
// The session store every instance shares: in memory, and Firestore (the server's state in its
// server-only document, written in the same batch as the waiting call: kept-states.ts).
const STORES: { name: string; open: (() => () => SessionStore) | undefined }[] = [
  { name: 'memory', open: () => () => new InMemorySessionStore() },
  { name: 'Firestore', open: backends && (() => backends.sdk().open) },
];

for (const { name, open } of STORES) {
  describe.skipIf(!open)(`a server’s question across a crash (${name})`, () => {
    // Which answered-phase faults struck between the call and the write that journals its result.
    const windows: boolean[] = [];
    afterAll(() => {
      // The matrix reaches the window a crash between the call and its journal leaves (2 runs, 1 effect).
      if (windows.length === 12) expect(windows.filter(Boolean).length).toBeGreaterThan(0);
    });

    for (const how of ['retry', 'continuation'] as const) {
      for (const fault of crashFaults(3)) {
        it(`asks once and runs the call once answered, by ${how}, when the instance dies asking: ${fault.when} write ${fault.at}`, async () => {
          const w = world((open as () => () => SessionStore)());
          const flaky = new FlakyStore(w.inner, fault);
          const input = { message: 'link my account' };
          const first = await w
            .instance(flaky)
            .send(undefined, input, { ...crashOwner, requestId: 'r1' })
            .catch((e: unknown) => e);
          expect(first).toBeInstanceOf(Error);
          const sessionId =
            first instanceof Error
              ? (first as { details?: { sessionId?: string } }).details?.sessionId
              : (first as { sessionId: string }).sessionId;
          const asked =
            first instanceof Error ? await takeOn(w, 'accounts', how, sessionId, input, 'r1') : (first as TurnResult);
          expect(asked).toMatchObject({ status: 'interrupted', interrupts: [{ name: 'link' }] });
          const stored = (await w.inner.load(asked.sessionId))?.session as Session;
          const ref = linkRef(stored) as string;
          const done = await w
            .instance(w.inner)
            .send(
              asked.sessionId,
              { resume: { respond: [{ ref, name: 'link', output: {} }] } },
              { ...crashOwner, requestId: 'ok-1' },
            );
          expect(done.text).toBe('done: ["link accept"]');
          expect(server.applied.has(ref)).toBe(true);
          expect(server.runs.get('link') ?? 0).toBeGreaterThan(0);
          expect(
            server.calls.filter(
              (c) => c.name === 'link' && c.meta?.['callable-flows/callRef'] === ref && c.requestState,
            ).length,
          ).toBe(1);
        });
      }
    }

    for (const how of ['retry', 'continuation'] as const) {
      for (const fault of crashFaults(3)) {
        it(`applies the answered call’s effect once, by ${how}, when the instance dies after the answer: ${fault.when} write ${fault.at}`, async () => {
          const w = world((open as () => () => SessionStore)());
          const asked = await w.instance(w.inner).send(undefined, { message: 'link my account' }, crashOwner);
          const ref = asked.interrupts[0]?.ref as string;
          const resume = { resume: { respond: [{ ref, name: 'link', output: {} }] } };
          const runsBefore = server.runs.get('link') ?? 0;
          const flaky = new FlakyStore(w.inner, fault);
          const first = await w
            .instance(flaky)
            .send(asked.sessionId, resume, { ...crashOwner, requestId: 'ok-1' })
            .catch((e: unknown) => e);
          expect(first).toBeInstanceOf(Error);
          const done =
            first instanceof Error
              ? await takeOn(w, 'accounts', how, asked.sessionId, resume, 'ok-1')
              : (first as TurnResult);
          expect(done).toMatchObject({ status: 'done', text: 'done: ["link accept"]' });
          // The result is lost in flight only when the instance died just before journaling it.
          const struck = flaky.mutations[fault.at - 1];
          const inWindow = flaky.struck && fault.when === 'before' && (struck?.recorded ?? 0) > 0;
          expect((server.runs.get('link') ?? 0) - runsBefore).toBe(inWindow ? 2 : 1);
          windows.push(inWindow);
          expect(server.applied.has(ref)).toBe(true);
          const session = (await w.inner.load(asked.sessionId))?.session as Session;
          expect(session.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'model']);
        });
      }
    }
  });
}
