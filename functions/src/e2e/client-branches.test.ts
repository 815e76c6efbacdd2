import { canEdit, type SessionView, showBranch } from '@callable-flows/client';
import { defineAgent } from '@callable-flows/kit/agent/define-agent.js';
import { echoModel } from '@callable-flows/kit/agent/test-utils/agent-fixtures.js';
import { onCallFlow } from '@callable-flows/kit/callable/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import { demoProjectId, emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { ROOT_SNAPSHOT_ID } from '@callable-flows/protocol';
import type { Firestore } from '@google-cloud/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { type ClientFirestore, clientFirestore, watchWhile } from '../faults/test-utils/matrix-watch.js';
import { typedClient } from '../faults/test-utils/typed-client.js';

// The typed client's fork calls (editMessage, regenerate) through the real callable (onCallFlow's
// function, run in process), the session they leave read back as an app reads it: `watch` over
// the Firebase JS SDK on the Firestore emulator, and `showBranch` on the view it delivers.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: the typed client forks — no Firestore emulator ***\n');
const projectId = demoProjectId('client-branches');
let firestore: Firestore | undefined;
let device: ClientFirestore | undefined;

afterAll(async () => {
  await device?.close();
  await firestore?.terminate();
});

const userTexts = (view: SessionView): string[] =>
  view.messages.filter((m) => m.role === 'user').map((m) => m.content.map((p) => p.text ?? '').join(''));

describe.skipIf(!host)('the typed client forks a conversation through the callable', () => {
  it('edits a message, asks again and edits the first message: each a branch the watched view shows', async () => {
    firestore ??= emulatorFirestore(host as string, projectId);
    device ??= clientFirestore(host as string, projectId);
    const prefix = 'cb_';
    const store = new FirestoreSessionStore({ firestore, prefix });
    const fn = onCallFlow({}, defineAgent({ name: 'chat', model: echoModel(), store }));
    const alice = typedClient(fn, 'alice');
    const collections = { sessions: `${prefix}sessions`, history: `${prefix}history` };
    const { sessionId } = await alice.send('one');
    const versionOf = async () => (await store.load(sessionId))?.session.version as number;
    const after = (act: () => Promise<unknown>) =>
      watchWhile(device as ClientFirestore, collections, sessionId, async () => {
        await act();
        return versionOf();
      });

    const two = await after(() => alice.send('two'));
    expect(userTexts(two)).toEqual(['one', 'two']);
    expect(two.branches.map((b) => b.id)).toEqual(['b0']);

    const edited = await after(() => alice.editMessage(two, 2, 'TWO'));
    expect(userTexts(edited)).toEqual(['one', 'TWO']);
    expect(edited.messages.at(-1)?.content[0]?.text).toBe('echo: TWO');
    expect(edited.branches.map((b) => [b.id, b.parent?.snapshot])).toEqual([
      ['b0', undefined],
      ['b1', two.snapshots[0]?.id],
    ]);
    expect(edited.versions).toEqual([{ index: 2, branches: ['b0', 'b1'], shown: 1 }]);
    expect(edited.snapshots.map((s) => [s.branch, s.length])).toEqual([
      ['b0', 2],
      ['b0', 4],
      ['b1', 4],
    ]);
    // The old branch is still there, read from the same view: no call.
    expect(userTexts(showBranch(edited, 'b0'))).toEqual(['one', 'two']);

    const asked = await after(() => alice.regenerate(edited));
    expect(userTexts(asked)).toEqual(['one', 'TWO']);
    expect(asked.branches.at(-1)?.parent?.snapshot).toBe(two.snapshots[0]?.id);
    expect(asked.versions[0]).toMatchObject({ index: 2, shown: 2 });
    expect(asked.versions[0]?.branches).toHaveLength(3);

    expect(canEdit(asked, 0)).toBe(true);
    const first = await after(() => alice.editMessage(asked, 0, 'ONE'));
    expect(userTexts(first)).toEqual(['ONE']);
    expect(first.branches.at(-1)?.parent).toEqual({ branch: 'b0', at: 0, snapshot: ROOT_SNAPSHOT_ID });
    expect(first.snapshots.at(-1)).toMatchObject({ branch: first.head, length: 2, parent: ROOT_SNAPSHOT_ID });
    expect(first.versions[0]).toMatchObject({ index: 0, shown: 1 });
    // Every earlier branch reads as it was.
    expect(userTexts(showBranch(first, 'b0'))).toEqual(['one', 'two']);
    expect(userTexts(showBranch(first, 'b1'))).toEqual(['one', 'TWO']);
  });
});
