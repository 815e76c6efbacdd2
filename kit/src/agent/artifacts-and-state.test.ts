import { applyJsonPatch, type WireChunk } from '@callable-flows/protocol';
import { describe, expect, it, vi } from 'vitest';
import { onCallFlow } from '../callable/on-call-flow.js';
import { callableRequest, recordingResponse } from '../callable/test-utils/callable-request.js';
import { headArtifacts, InMemorySessionStore, type Session, snapshotView } from '../session/index.js';
import { SESSION_LIMITS } from '../session/session-limits.js';
import { type Fault, FlakyStore } from '../session/test-utils/flaky-store.js';
import { gate } from '../test-utils/gate.js';
import { manualClock } from './test-utils/agent-fixtures.js';
import { notesAgent } from './test-utils/artifact-agent.js';

// Artifacts and state streams through the callable, as a client calls it (memory store).

const alice = { uid: 'alice', acceptsStreaming: true };

/** A streamed call to `fn`: its result and the chunks a client got. */
async function streamed(fn: ReturnType<typeof onCallFlow>, data: Record<string, unknown>) {
  const response = recordingResponse();
  const result = (await fn.run(callableRequest(data, alice), response)) as { sessionId: string; text: string };
  return { result, chunks: response.chunks };
}

const ofType = <T extends WireChunk['type']>(chunks: WireChunk[], type: T) =>
  chunks.filter((c): c is Extract<WireChunk, { type: T }> => c.type === type);

/** The state a client holds after applying every state chunk, in order. */
const folded = (chunks: WireChunk[], from?: unknown): unknown =>
  ofType(chunks, 'state').reduce<unknown>((state, chunk) => applyJsonPatch(state, chunk.patch), from);

describe('artifacts', () => {
  it('streams a version of an artifact a tool wrote and keeps it in the session; a second write is version 2', async () => {
    const store = new InMemorySessionStore();
    const fn = onCallFlow({}, notesAgent(store).agent);
    const first = await streamed(fn, { message: 'publish:report:Q3 up' });
    expect(ofType(first.chunks, 'artifact')).toEqual([
      { type: 'artifact', name: 'report', version: 1, parts: [{ text: 'Q3 up' }, { data: { length: 5 } }], ref: 't0' },
    ]);
    const { sessionId } = first.result;
    const second = await streamed(fn, { sessionId, message: 'publish:report:Q3 down;publish:chart:bars' });
    expect(ofType(second.chunks, 'artifact').map((c) => [c.name, c.version])).toEqual([
      ['report', 2],
      ['chart', 1],
    ]);
    const stored = (await store.load(sessionId))?.session as Session;
    expect(headArtifacts(stored).map((a) => [a.name, a.version, a.parts[0]])).toEqual([
      ['chart', 1, { text: 'bars' }],
      ['report', 2, { text: 'Q3 down' }],
    ]);
    // Read by id, the first turn's snapshot shows the artifacts as of then: version 1 is kept for it.
    const firstSnapshot = stored.snapshots?.[0]?.id as string;
    expect(snapshotView(stored, firstSnapshot)?.artifacts.map((a) => [a.name, a.version, a.parts[0]])).toEqual([
      ['report', 1, { text: 'Q3 up' }],
    ]);
  });

  it('keeps and streams nothing of a call that failed, neither artifact nor state: the model reads why', async () => {
    const store = new InMemorySessionStore();
    const { result, chunks } = await streamed(onCallFlow({}, notesAgent(store).agent), { message: 'fail:x' });
    expect(ofType(chunks, 'artifact')).toEqual([]);
    expect(ofType(chunks, 'state')).toEqual([]);
    expect(result.text).toContain('it broke');
    const stored = (await store.load(result.sessionId))?.session;
    expect(stored?.artifacts).toBeUndefined();
    expect(stored?.state).toEqual({ count: 0, notes: [] });
  });

  it('refuses an artifact over its limit in the call that wrote it, and the session goes on', async () => {
    const store = new InMemorySessionStore();
    const fn = onCallFlow({}, notesAgent(store).agent);
    const { result, chunks } = await streamed(fn, { message: `publish:big:x*${SESSION_LIMITS.artifactBytes}` });
    expect(ofType(chunks, 'artifact')).toEqual([]);
    expect(result.text).toContain('over the limit');
    const next = await streamed(fn, { sessionId: result.sessionId, message: 'publish:small:ok' });
    expect(ofType(next.chunks, 'artifact').map((c) => c.name)).toEqual(['small']);
  });

  it('refuses an artifact that would take the session past the limit of all its artifacts', async () => {
    const store = new InMemorySessionStore();
    const fn = onCallFlow({}, notesAgent(store).agent);
    const part = `y*${SESSION_LIMITS.artifactBytes - 100}`;
    const writes = Math.floor(SESSION_LIMITS.artifactsBytes / SESSION_LIMITS.artifactBytes);
    const message = Array.from({ length: writes + 1 }, (_, i) => `publish:a${i}:${part}`).join(';');
    const { result, chunks } = await streamed(fn, { message });
    expect(ofType(chunks, 'artifact')).toHaveLength(writes);
    expect(result.text).toContain('the session artifacts');
  });

  const faults: Fault[] = [1, 2, 3, 4].flatMap((at) =>
    (['before', 'after'] as const).map((when) => ({ at, when, mode: 'crash' as const })),
  );
  for (const fault of faults) {
    it(`keeps an artifact exactly once when the instance crashes ${fault.when} write ${fault.at}`, async () => {
      const inner = new InMemorySessionStore();
      const clock = manualClock();
      const crashed = notesAgent(new FlakyStore(inner, fault), { clock: clock.now, leaseMs: 30_000 });
      const input = { message: 'publish:receipt:paid' };
      const owner = { uid: 'u1', requestId: 'r1' };
      await crashed.agent.send('s1', input, owner).catch(() => undefined);
      clock.advance(30_001);
      const retry = notesAgent(inner, { clock: clock.now, leaseMs: 30_000 });
      await retry.agent.send('s1', input, owner);
      const stored = (await inner.load('s1'))?.session;
      expect(stored?.artifacts?.map((a) => [a.name, a.version])).toEqual([['receipt', 1]]);
      expect(stored?.state).toEqual({ count: 1, notes: [] });
    });
  }
});

describe('state streams', () => {
  it('streams the state as a whole-document replace, then JSON Patch increments that fold to the stored state', async () => {
    const store = new InMemorySessionStore();
    const { result, chunks } = await streamed(onCallFlow({}, notesAgent(store).agent), {
      message: 'note:a;note:b;publish:r:x',
    });
    const patches = ofType(chunks, 'state').map((c) => c.patch);
    expect(patches[0]).toEqual([{ op: 'replace', path: '', value: { count: 1, notes: ['a'] } }]);
    expect(patches[1]).toEqual([
      { op: 'replace', path: '/count', value: 2 },
      { op: 'add', path: '/notes/1', value: 'b' },
    ]);
    expect(patches[2]).toEqual([{ op: 'replace', path: '/count', value: 3 }]);
    const stored = (await store.load(result.sessionId))?.session.state;
    expect(folded(chunks)).toEqual(stored);
    expect(stored).toEqual({ count: 3, notes: ['a', 'b'] });
  });

  it('starts each call’s stream with the whole state, so a client that joins late needs nothing before it', async () => {
    const store = new InMemorySessionStore();
    const fn = onCallFlow({}, notesAgent(store).agent);
    const first = await streamed(fn, { message: 'note:a' });
    const second = await streamed(fn, { sessionId: first.result.sessionId, message: 'note:b' });
    expect(ofType(second.chunks, 'state')[0]?.patch).toEqual([
      { op: 'replace', path: '', value: { count: 2, notes: ['a', 'b'] } },
    ]);
  });

  it('sends nothing to a caller that went away mid-turn: the turn finishes and keeps what it made', async () => {
    const store = new InMemorySessionStore();
    const held = gate();
    const reached = gate();
    const hold = () => {
      reached.open();
      return held.promise;
    };
    const fn = onCallFlow({}, notesAgent(store, { hold }).agent);
    const response = recordingResponse();
    const running = fn.run(callableRequest({ sessionId: 's-gone', message: 'note:a;publish:r:x' }, alice), response);
    await reached.promise;
    const before = response.chunks.length;
    response.disconnect();
    held.open();
    await running.catch(() => undefined);
    await vi.waitFor(async () => expect((await store.load('s-gone'))?.session.status).toBe('idle'));
    expect(response.chunks).toHaveLength(before);
    const stored = (await store.load('s-gone'))?.session;
    expect(stored?.artifacts?.map((a) => a.name)).toEqual(['r']);
    expect(stored?.state).toEqual({ count: 2, notes: ['a'] });
  });

  it('streams no state to a caller that does not stream, and keeps the state all the same', async () => {
    const store = new InMemorySessionStore();
    const response = recordingResponse();
    const fn = onCallFlow({}, notesAgent(store).agent);
    const result = (await fn.run(callableRequest({ message: 'note:a' }, { uid: 'alice' }), response)) as {
      sessionId: string;
    };
    expect(response.chunks).toEqual([]);
    expect((await store.load(result.sessionId))?.session.state).toEqual({ count: 1, notes: ['a'] });
  });
});
