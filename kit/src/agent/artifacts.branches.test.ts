import type { WireChunk } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { onCallFlow } from '../callable/on-call-flow.js';
import { callableRequest, recordingResponse } from '../callable/test-utils/callable-request.js';
import {
  artifactsOnBranch,
  headArtifacts,
  InMemorySessionStore,
  SESSION_LIMITS,
  type Session,
  snapshotView,
} from '../session/index.js';
import { type NotesAgentOptions, notesAgent } from './test-utils/artifact-agent.js';
import type { TurnEnd } from './turn/index.js';

// Artifacts per branch, and those the agent writes itself, through the callable as a client calls
// it (memory store; artifacts-and-state.firestore.test.ts runs the same over Firestore).

const alice = { uid: 'alice', acceptsStreaming: true };

function world(options: NotesAgentOptions = {}) {
  const store = new InMemorySessionStore();
  const fn = onCallFlow({}, notesAgent(store, options).agent);
  const call = async (data: { sessionId?: string; message: string; snapshotId?: string }) => {
    const response = recordingResponse();
    const result = (await fn.run(callableRequest(data, alice), response)) as { sessionId: string; text: string };
    const artifacts = response.chunks.filter(
      (c): c is Extract<WireChunk, { type: 'artifact' }> => c.type === 'artifact',
    );
    return { result, artifacts };
  };
  const stored = async (id: string) => (await store.load(id))?.session as Session;
  return { call, stored };
}

/** `[name, version, first part's text]` of each artifact. */
const shown = (artifacts: readonly { name: string; version: number; parts: unknown[] }[]) =>
  artifacts.map((a) => [a.name, a.version, (a.parts[0] as { text?: string }).text]);

describe('artifacts per branch', () => {
  it('shows a fork the artifacts of its history only, streams it only its own, and leaves the branch it left as it was', async () => {
    const w = world();
    const first = await w.call({ message: 'publish:report:v1' });
    const id = first.result.sessionId;
    await w.call({ sessionId: id, message: 'publish:report:v2;publish:chart:bars' });
    const s1 = (await w.stored(id)).snapshots?.[0]?.id as string;
    const fork = await w.call({ sessionId: id, message: 'publish:memo:m', snapshotId: s1 });
    expect(fork.artifacts.map((c) => [c.name, c.version])).toEqual([['memo', 1]]);
    let session = await w.stored(id);
    expect(shown(headArtifacts(session))).toEqual([
      ['memo', 1, 'm'],
      ['report', 1, 'v1'],
    ]);
    // The fork writes the report again: its version 2, beside (not over) the first branch's.
    const again = await w.call({ sessionId: id, message: 'publish:report:forked' });
    expect(again.artifacts.map((c) => [c.name, c.version])).toEqual([['report', 2]]);
    session = await w.stored(id);
    expect(shown(headArtifacts(session))).toEqual([
      ['memo', 1, 'm'],
      ['report', 2, 'forked'],
    ]);
    expect(shown(artifactsOnBranch(session, 'b0'))).toEqual([
      ['chart', 1, 'bars'],
      ['report', 2, 'v2'],
    ]);
  });

  it('shows a snapshot read by id the artifacts of its branch as of then', async () => {
    const w = world();
    const { result } = await w.call({ message: 'publish:report:v1' });
    const id = result.sessionId;
    await w.call({ sessionId: id, message: 'publish:report:v2;publish:chart:bars' });
    const [s1, s2] = (await w.stored(id)).snapshots ?? [];
    await w.call({ sessionId: id, message: 'publish:memo:m', snapshotId: s1?.id as string });
    const session = await w.stored(id);
    const fork = session.snapshots?.at(-1)?.id as string;
    expect(shown(snapshotView(session, s1?.id as string)?.artifacts ?? [])).toEqual([['report', 1, 'v1']]);
    expect(shown(snapshotView(session, s2?.id as string)?.artifacts ?? [])).toEqual([
      ['chart', 1, 'bars'],
      ['report', 2, 'v2'],
    ]);
    expect(shown(snapshotView(session, fork)?.artifacts ?? [])).toEqual([
      ['memo', 1, 'm'],
      ['report', 1, 'v1'],
    ]);
  });
});

describe('artifacts the agent writes (onTurnEnd)', () => {
  const summary = (turn: TurnEnd) => turn.artifact('summary', [{ text: turn.result.text }]);

  it('streams the agent’s version as an artifact chunk with no ref, once stored, numbered after the last', async () => {
    const w = world({ onTurnEnd: summary });
    const first = await w.call({ message: 'hello' });
    expect(first.artifacts).toEqual([
      { type: 'artifact', name: 'summary', version: 1, parts: [{ text: 'echo: hello' }] },
    ]);
    const id = first.result.sessionId;
    const second = await w.call({ sessionId: id, message: 'again' });
    expect(second.artifacts.map((c) => [c.name, c.version])).toEqual([['summary', 2]]);
    expect(shown(headArtifacts(await w.stored(id)))).toEqual([['summary', 2, 'echo: again']]);
  });

  it('gives the hook the turn’s result, state and the artifacts its tools wrote, and keeps both kinds', async () => {
    const seen: unknown[] = [];
    const w = world({
      onTurnEnd: (turn) => {
        seen.push([turn.state, turn.artifacts.map((a) => a.name)]);
        turn.artifact('digest', [{ data: turn.artifacts.length }]);
      },
    });
    const { result } = await w.call({ message: 'publish:report:x' });
    expect(seen).toEqual([[{ count: 1, notes: [] }, ['report']]]);
    expect(headArtifacts(await w.stored(result.sessionId)).map((a) => [a.name, a.ref])).toEqual([
      ['digest', undefined],
      ['report', 't0'],
    ]);
  });

  it('numbers a fork’s agent version after its own history’s, not the branch it left', async () => {
    const w = world({ onTurnEnd: summary });
    const { result } = await w.call({ message: 'one' });
    const id = result.sessionId;
    await w.call({ sessionId: id, message: 'two' });
    await w.call({ sessionId: id, message: 'three' });
    const s1 = (await w.stored(id)).snapshots?.[0]?.id as string;
    const fork = await w.call({ sessionId: id, message: 'TWO', snapshotId: s1 });
    expect(fork.artifacts.map((c) => [c.name, c.version])).toEqual([['summary', 2]]);
    const session = await w.stored(id);
    expect(shown(artifactsOnBranch(session, 'b0'))).toEqual([['summary', 3, 'echo: three']]);
    expect(shown(headArtifacts(session))).toEqual([['summary', 2, 'echo: TWO']]);
  });

  it('holds the agent’s writes to the same limits: one over them fails the turn, stores nothing of it, and the session goes on', async () => {
    let big = true;
    const w = world({
      onTurnEnd: (turn) => turn.artifact('big', [{ text: 'x'.repeat(big ? SESSION_LIMITS.artifactBytes : 3) }]),
    });
    const failed = await w.call({ sessionId: 's-big', message: 'hello' }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(JSON.stringify(failed)).toContain('PAYLOAD_TOO_LARGE');
    expect((await w.stored('s-big')).artifacts).toBeUndefined();
    big = false;
    const next = await w.call({ sessionId: 's-big', message: 'again' });
    expect(next.artifacts.map((c) => [c.name, c.version])).toEqual([['big', 1]]);
  });
});
