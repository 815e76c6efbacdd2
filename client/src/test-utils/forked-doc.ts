import { lineKey, type SessionDoc, type Snapshot } from '@callable-flows/protocol/session-doc';
import type { WatchedMessage } from '../watched-message.js';

// A forked session as the kit stores it: the document's history is the journal of every branch,
// `branches` says how they lie, `snapshots` where each turn ended.

export const user = (text: string): WatchedMessage => ({ role: 'user', content: [{ text }] });
export const model = (text: string): WatchedMessage => ({ role: 'model', content: [{ text: `echo: ${text}` }] });
export const asking: WatchedMessage = {
  role: 'model',
  content: [{ toolRequest: { name: 'transfer', ref: 'r1', input: { cents: 5 } }, metadata: { interrupt: true } }],
};

export const snap = (n: number, branch: string, length: number, parent?: number, state?: string): Snapshot => ({
  id: `s${n}-x`,
  n,
  ...(parent === undefined ? {} : { parent: `s${parent}-x` }),
  branch,
  length,
  seq: n - 1,
  outcome: { kind: 'done', at: n },
  ...(state === undefined ? {} : { state }),
});

export function forkedDoc(
  journal: WatchedMessage[],
  branches: unknown[] | undefined,
  snapshots: Snapshot[],
): SessionDoc {
  const lines: Record<string, string> = {};
  journal.forEach((m, i) => {
    lines[lineKey(i)] = `${JSON.stringify(m)}\n`;
  });
  return {
    schemaVersion: 1,
    id: 's',
    ownerUid: 'alice',
    agent: 'chat',
    status: 'idle',
    version: 7,
    createdAt: 1,
    updatedAt: 2,
    expireAt: 3,
    lease: null,
    turn: null,
    turns: 3,
    summary: null,
    results: {},
    error: null,
    ...(branches ? { branches: JSON.stringify(branches) } : {}),
    snapshots: Object.fromEntries(snapshots.map((s) => [`s${s.n}`, JSON.stringify(s)])),
    history: { length: journal.length, sealed: 0, chunks: [], lines },
  };
}

/** "one", "two", then "two" edited to "TWO": b1 goes on from s1 (the end of the first turn). */
export const edited = () =>
  forkedDoc(
    [user('one'), model('one'), user('two'), model('two'), user('TWO'), model('TWO')],
    [
      { id: 'b0', start: 0 },
      { id: 'b1', start: 4, parent: { branch: 'b0', at: 2, snapshot: 's1-x' } },
    ],
    [snap(1, 'b0', 2, undefined, '{"n":1}'), snap(2, 'b0', 4, 1, '{"n":2}'), snap(3, 'b1', 4, 1)],
  );
