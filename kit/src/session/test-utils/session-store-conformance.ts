import { describe, expect, it } from 'vitest';
import type { Message } from '../../model/index.js';
import { emptySession } from '../empty-session.js';
import type { Session } from '../session-schema.js';
import { isWriteConflict, type SessionStore } from '../session-store.js';

/** The stores one conformance test runs against. */
export interface ConformanceBackend {
  /** A store object over the backend's data; each call may be a new object (another "instance"). */
  open(): SessionStore;
}

/** A session as an agent would create it, with `history`. */
export function sampleSession(id: string, history: Message[] = [], now = 1_700_000_000_000): Session {
  return {
    ...emptySession({ id, ownerUid: 'alice', agent: 'shop', now }),
    version: 1,
    expireAt: now + 86_400_000,
    history,
  };
}

/** A conversation of `count` messages: user, model with a tool request, tool, model … */
export function longHistory(count: number): Message[] {
  const messages: Message[] = [];
  for (let i = 0; i < count; i++) {
    const turn = Math.floor(i / 4);
    const ref = `t${turn}`;
    const kind = i % 4;
    if (kind === 0)
      messages.push({ role: 'user', content: [{ text: `message ${i}: where is order #${1000 + turn}? ✓ 😀` }] });
    if (kind === 1)
      messages.push({
        role: 'model',
        content: [{ toolRequest: { name: 'lookup', ref, input: { ids: [[turn, i]] } } }],
      });
    if (kind === 2)
      messages.push({
        role: 'tool',
        content: [{ toolResponse: { name: 'lookup', ref, output: { at: i, eta: 'soon' } } }],
      });
    if (kind === 3) messages.push({ role: 'model', content: [{ text: `answer ${i} `.repeat(20) }] });
  }
  return messages;
}

let counter = 0;
/** An id no other test of a shared backend uses. */
export const uniqueId = (label: string): string => `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

function storeContract(backend: () => ConformanceBackend): void {
  it('returns undefined when no session has the id', async () => {
    const be = backend();
    expect(await be.open().load(uniqueId('none'))).toBeUndefined();
  });

  it('reads back what it created when the history holds nested arrays and emoji', async () => {
    const be = backend();
    const store = be.open();
    const session = sampleSession(uniqueId('rt'), longHistory(8));
    await store.create(session);
    const loaded = await be.open().load(session.id);
    expect(loaded?.session).toEqual(session);
  });

  it('refuses a second create with already-exists when the id is taken', async () => {
    const be = backend();
    const store = be.open();
    const session = sampleSession(uniqueId('dup'));
    await store.create(session);
    await expect(store.create(session)).rejects.toMatchObject({ code: 'already-exists' });
  });

  it('rejects a write with a conflict when the copy it replaces is stale', async () => {
    const be = backend();
    const a = be.open();
    const b = be.open();
    const session = sampleSession(uniqueId('cas'));
    const created = await a.create(session);
    const staleForB = (await b.load(session.id))!;
    await a.write(created, { ...session, version: 2, status: 'failed' });
    const error = await b.write(staleForB, { ...session, version: 2, status: 'interrupted' }).catch((e) => e);
    expect(isWriteConflict(error)).toBe(true);
    expect((await a.load(session.id))?.session.status).toBe('failed');
  });

  it('rejects a write with a conflict when its fence is not the stored lease', async () => {
    const be = backend();
    const store = be.open();
    const session = { ...sampleSession(uniqueId('fence')), lease: { id: 'mine', expiresAt: 5 } };
    const created = await store.create(session);
    const error = await store.write(created, { ...session, version: 2 }, { fence: 'theirs' }).catch((e) => e);
    expect(isWriteConflict(error)).toBe(true);
    await store.write(created, { ...session, version: 2 }, { fence: 'mine' });
  });

  it('reads a 2,000-message history back in order when it was appended turn by turn', async () => {
    const be = backend();
    const store = be.open();
    const all = longHistory(2000);
    const session = sampleSession(uniqueId('long'), all.slice(0, 4));
    let record = await store.create(session);
    for (let n = 4; n < all.length; n += 100) {
      const history = [...record.session.history, ...all.slice(n, n + 100)];
      record = await store.write(record, { ...record.session, history, version: record.session.version + 1 });
    }
    const loaded = await be.open().load(session.id);
    expect(loaded?.session.history).toEqual(all);
  });

  it('replaces the last message of a long history when a resume restamps it', async () => {
    const be = backend();
    const store = be.open();
    const all = longHistory(1201);
    let record = await store.create(sampleSession(uniqueId('restamp'), all));
    const last = { role: 'model' as const, content: [{ text: 'restamped' }] };
    const history = [...all.slice(0, -1), last];
    record = await store.write(record, { ...record.session, history, version: 2 });
    const replaced = [...all.slice(0, 600), last];
    await store.write(record, { ...record.session, history: replaced, version: 3 });
    expect((await be.open().load(record.session.id))?.session.history).toEqual(replaced);
  });

  it('deletes a session only while it is the copy the caller names when given one', async () => {
    const be = backend();
    const store = be.open();
    const session = sampleSession(uniqueId('cond'), longHistory(12));
    const created = await store.create(session);
    const written = await store.write(created, { ...session, version: 2, status: 'interrupted' });
    const stale = await store.delete(session.id, { expected: created }).catch((e: unknown) => e);
    expect(isWriteConflict(stale)).toBe(true);
    expect((await be.open().load(session.id))?.session.status).toBe('interrupted');
    await store.delete(session.id, { expected: written });
    expect(await be.open().load(session.id)).toBeUndefined();
    const gone = await store.delete(session.id, { expected: written }).catch((e: unknown) => e);
    expect(isWriteConflict(gone)).toBe(true);
  });

  it('forgets a session when it is deleted', async () => {
    const be = backend();
    const store = be.open();
    const session = sampleSession(uniqueId('del'), longHistory(40));
    await store.create(session);
    await store.delete(session.id);
    expect(await store.load(session.id)).toBeUndefined();
  });
}

/**
 * The behaviour every `SessionStore` must have as a store: run it against each implementation
 * with a backend whose `open()` gives store objects over shared data. (Its behaviour under an
 * agent is the agent layer's suite: `agent/test-utils/agent-store-conformance.ts`.)
 */
export function describeSessionStoreConformance(name: string, backend: () => ConformanceBackend): void {
  describe(`${name} (SessionStore conformance)`, () => {
    storeContract(backend);
  });
}
