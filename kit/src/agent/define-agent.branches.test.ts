import { ROOT_SNAPSHOT_ID } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { isKitError } from '../errors/index.js';
import { textOf } from '../model/index.js';
import { InMemorySessionStore } from '../session/memory-session-store.js';
import { branchHistory, journalOf, snapshotView } from '../session/session-branches.js';
import type { Session } from '../session/session-schema.js';
import { defineAgent } from './define-agent.js';
import { echoModel, effects, transferOnSend, transferTool, userTexts } from './test-utils/agent-fixtures.js';

// A conversation people can go back in: each turn's end is a snapshot (a pointer into the
// journal), a message may go on from one on a new branch, and no branch forgets an effect.

const owner = { uid: 'u' };

async function stored(store: InMemorySessionStore, id: string): Promise<Session> {
  const record = await store.load(id);
  if (!record) throw new Error('no session');
  return record.session;
}

async function refusal(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
  } catch (error) {
    return isKitError(error) ? error.reason : String(error);
  }
  return 'admitted';
}

describe('branches', () => {
  it('records each turn end as a snapshot pointing into the journal, each the parent of the next', async () => {
    const store = new InMemorySessionStore();
    const agent = defineAgent({ name: 'chat', model: echoModel(), store });
    const { sessionId } = await agent.send(undefined, { message: 'one' }, owner);
    await agent.send(sessionId, { message: 'two' }, owner);
    const session = await stored(store, sessionId);
    const [first, second] = session.snapshots ?? [];
    expect(first).toMatchObject({ branch: 'b0', length: 2, seq: 0, outcome: { kind: 'done' } });
    expect(second).toMatchObject({ branch: 'b0', length: 4, seq: 1, parent: first?.id });
    expect(first?.parent).toBeUndefined();
    expect(session.branches).toBeUndefined();
    const view = snapshotView(session, first?.id as string);
    expect(userTexts(view?.history ?? [])).toEqual(['one']);
  });

  it('goes on from a snapshot on a new branch, keeping the old branch readable', async () => {
    const store = new InMemorySessionStore();
    const agent = defineAgent({ name: 'chat', model: echoModel(), store });
    const { sessionId } = await agent.send(undefined, { message: 'one' }, owner);
    await agent.send(sessionId, { message: 'two' }, owner);
    const [first, second] = (await stored(store, sessionId)).snapshots ?? [];
    // An edit of message 2 ("two"): go on from the snapshot whose history ends before it.
    const result = await agent.send(sessionId, { message: 'TWO', snapshotId: first?.id as string }, owner);
    expect(result.text).toBe('echo: TWO');
    const session = await stored(store, sessionId);
    expect(userTexts(session.history)).toEqual(['one', 'TWO']);
    expect(session.branches?.list.map((b) => b.id)).toEqual(['b0', 'b1']);
    expect(session.branches?.list[1]?.parent).toEqual({ branch: 'b0', at: 2, snapshot: first?.id });
    // The journal only grew: the old branch is still there, whole.
    expect(journalOf(session)).toHaveLength(6);
    expect(userTexts(branchHistory(session, 'b0') ?? [])).toEqual(['one', 'two']);
    expect(userTexts(snapshotView(session, second?.id as string)?.history ?? [])).toEqual(['one', 'two']);
    const third = session.snapshots?.at(-1);
    expect(third).toMatchObject({ branch: 'b1', length: 4, parent: first?.id });
    // The new branch goes on from its head as any session does.
    await agent.send(sessionId, { message: 'three' }, owner);
    const after = await stored(store, sessionId);
    expect(userTexts(after.history)).toEqual(['one', 'TWO', 'three']);
    expect(after.snapshots?.at(-1)?.parent).toBe(third?.id);
  });

  it('edits the first message from the root snapshot: a new branch with an empty base, the old one whole', async () => {
    const store = new InMemorySessionStore();
    const agent = defineAgent({ name: 'chat', model: echoModel(), store });
    const { sessionId } = await agent.send(undefined, { message: 'one' }, owner);
    await agent.send(sessionId, { message: 'two' }, owner);
    const result = await agent.send(sessionId, { message: 'ONE', snapshotId: ROOT_SNAPSHOT_ID }, owner);
    expect(result.text).toBe('echo: ONE');
    const session = await stored(store, sessionId);
    expect(userTexts(session.history)).toEqual(['ONE']);
    expect(session.branches?.list[1]?.parent).toEqual({ branch: 'b0', at: 0, snapshot: ROOT_SNAPSHOT_ID });
    expect(userTexts(branchHistory(session, 'b0') ?? [])).toEqual(['one', 'two']);
    expect(session.snapshots?.at(-1)).toMatchObject({ branch: 'b1', length: 2, parent: ROOT_SNAPSHOT_ID });
    expect(snapshotView(session, ROOT_SNAPSHOT_ID)?.history).toEqual([]);
    // The root is every session's own start: a made-up id is refused as ever.
    expect(await refusal(agent.send(sessionId, { message: 'x', snapshotId: 'root2' }, owner))).toBe(
      'SNAPSHOT_NOT_FOUND',
    );
  });

  it('refuses a snapshot id of another session, or one it never had, writing nothing', async () => {
    const store = new InMemorySessionStore();
    const agent = defineAgent({ name: 'chat', model: echoModel(), store });
    const a = await agent.send(undefined, { message: 'a' }, owner);
    const b = await agent.send(undefined, { message: 'b' }, owner);
    const ofA = (await stored(store, a.sessionId)).snapshots?.[0]?.id as string;
    const before = await stored(store, b.sessionId);
    expect(await refusal(agent.send(b.sessionId, { message: 'x', snapshotId: ofA }, owner))).toBe('SNAPSHOT_NOT_FOUND');
    expect(await refusal(agent.send(b.sessionId, { message: 'x', snapshotId: 's1' }, owner))).toBe(
      'SNAPSHOT_NOT_FOUND',
    );
    expect((await stored(store, b.sessionId)).version).toBe(before.version);
    // Another user is told the session is not theirs before anything of its snapshots.
    const other = { uid: 'v' };
    expect(await refusal(agent.send(a.sessionId, { message: 'x', snapshotId: ofA }, other))).toBe('NOT_OWNER');
  });

  it('gives a retried fork (same request id) its first result, and refuses the id with another snapshot', async () => {
    const store = new InMemorySessionStore();
    const agent = defineAgent({ name: 'chat', model: echoModel(), store });
    const { sessionId } = await agent.send(undefined, { message: 'one' }, owner);
    await agent.send(sessionId, { message: 'two' }, owner);
    const [first, second] = (await stored(store, sessionId)).snapshots ?? [];
    const ctx = { ...owner, requestId: 'edit-1' };
    await agent.send(sessionId, { message: 'TWO', snapshotId: first?.id as string }, ctx);
    const again = await agent.send(sessionId, { message: 'TWO', snapshotId: first?.id as string }, ctx);
    expect(again.text).toBe('echo: TWO');
    expect((await stored(store, sessionId)).branches?.list).toHaveLength(2);
    expect(await refusal(agent.send(sessionId, { message: 'TWO', snapshotId: second?.id as string }, ctx))).toBe(
      'REQUEST_ID_REUSED',
    );
  });

  it('closes an approval left waiting on the old branch and tells the new branch what ran', async () => {
    const store = new InMemorySessionStore();
    const record = effects();
    const agent = defineAgent({ name: 'bank', model: transferOnSend(500), tools: [transferTool(record)], store });
    const { sessionId } = await agent.send(undefined, { message: 'hello' }, owner);
    const first = (await stored(store, sessionId)).snapshots?.[0]?.id as string;
    // send: waits for approval; approved, it runs (one effect); then a second send waits again.
    const asked = await agent.send(sessionId, { message: 'send' }, owner);
    const ref = asked.interrupts[0]?.ref as string;
    await agent.send(sessionId, { resume: { restart: [{ ref, name: 'transfer' }] } }, owner);
    await agent.send(sessionId, { message: 'send again' }, owner);
    expect((await stored(store, sessionId)).status).toBe('interrupted');
    expect(record.runs).toBe(1);
    // Back to before any transfer: the waiting call is left behind, the one that ran is told.
    const forked = await agent.send(sessionId, { message: 'what now', snapshotId: first }, owner);
    // The model of the new branch read the note before the person's words.
    expect(forked.text).toMatch(/^noted: Note from the system[\s\S]*transfer[\s\S]*what now$/);
    const session = await stored(store, sessionId);
    expect(session.status).toBe('idle');
    expect(session.interrupts).toEqual([]);
    const note = session.history[2]?.content[0];
    expect(note?.metadata).toEqual({ branchEffects: true });
    expect(textOf([note ?? { text: '' }])).toContain(`transfer (${ref})`);
    expect(textOf([note ?? { text: '' }])).toContain('"done":true');
    expect(record.runs).toBe(1);
  });

  it('refuses an answer to an approval a fork left waiting as superseded, naming its branch, writing nothing', async () => {
    const store = new InMemorySessionStore();
    const record = effects();
    const agent = defineAgent({ name: 'bank', model: transferOnSend(500), tools: [transferTool(record)], store });
    const { sessionId } = await agent.send(undefined, { message: 'hello' }, owner);
    const first = (await stored(store, sessionId)).snapshots?.[0]?.id as string;
    const asked = await agent.send(sessionId, { message: 'send' }, owner);
    const ref = asked.interrupts[0]?.ref as string;
    const left = (await stored(store, sessionId)).snapshots?.at(-1)?.id;
    await agent.send(sessionId, { message: 'never mind', snapshotId: first }, owner);
    const before = (await stored(store, sessionId)).version;
    const answer = agent.send(sessionId, { resume: { restart: [{ ref, name: 'transfer' }] } }, owner);
    const error = await answer.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isKitError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'failed-precondition',
      details: { reason: 'APPROVAL_SUPERSEDED', ref, branch: 'b0', snapshot: left },
    });
    expect((await stored(store, sessionId)).version).toBe(before);
    expect(record.runs).toBe(0);
    // Someone else learns nothing of it.
    expect(
      await refusal(agent.send(sessionId, { resume: { restart: [{ ref, name: 'transfer' }] } }, { uid: 'v' })),
    ).toBe('NOT_OWNER');
    // The same call waiting on the head again (a new branch's own) is answered as ever.
    const again = await agent.send(sessionId, { message: 'send' }, owner);
    const fresh = again.interrupts[0]?.ref as string;
    expect(fresh).not.toBe(ref);
    const done = await agent.send(sessionId, { resume: { restart: [{ ref: fresh, name: 'transfer' }] } }, owner);
    expect(done.status).toBe('done');
    expect(record.runs).toBe(1);
  });

  it('restores the state of the snapshot it goes on from', async () => {
    const store = new InMemorySessionStore();
    const agent = defineAgent({ name: 'chat', model: echoModel(), store });
    const { sessionId } = await agent.send(undefined, { message: 'one' }, owner);
    const head = await stored(store, sessionId);
    const snapshots = [{ ...(head.snapshots?.[0] as NonNullable<Session['snapshots']>[number]), state: '{"n":1}' }];
    const record = await store.load(sessionId);
    await store.write(record as NonNullable<typeof record>, {
      ...head,
      snapshots,
      state: { n: 2 },
      version: head.version + 1,
    });
    await agent.send(sessionId, { message: 'again', snapshotId: snapshots[0]?.id as string }, owner);
    expect((await stored(store, sessionId)).state).toEqual({ n: 1 });
  });
});
