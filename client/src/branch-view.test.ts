import { ROOT_SNAPSHOT_ID } from '@callable-flows/protocol/session-doc';
import { describe, expect, it } from 'vitest';
import { canEdit, snapshotBefore, snapshotOf } from './branch-view.js';
import { isFlowError } from './flow-error.js';
import { showBranch, toSessionView } from './session-view.js';
import { asking, forkedDoc as doc, edited, model, snap, user } from './test-utils/forked-doc.js';
import type { WatchedMessage } from './watched-message.js';

const texts = (messages: readonly WatchedMessage[]) => messages.map((m) => m.content[0]?.text);
const reasonOf = (act: () => unknown): string | undefined => {
  try {
    act();
  } catch (error) {
    return isFlowError(error) ? (error.reason ?? error.code) : String(error);
  }
  return 'no error';
};

describe('branches in the session view', () => {
  it('shows the head and says which version of the edited message it is, out of how many', () => {
    const view = toSessionView(edited(), [], false);
    expect(texts(view?.messages ?? [])).toEqual(['one', 'echo: one', 'TWO', 'echo: TWO']);
    expect(view?.branch).toBe('b1');
    expect(view?.head).toBe('b1');
    expect(view?.versions).toEqual([{ index: 2, branches: ['b0', 'b1'], shown: 1 }]);
    expect(view?.journal).toHaveLength(6);
  });

  it('shows the other branch from what the view holds, with its own versions, without any call', () => {
    const view = toSessionView(edited(), [], false);
    const old = showBranch(view as NonNullable<typeof view>, 'b0');
    expect(texts(old.messages)).toEqual(['one', 'echo: one', 'two', 'echo: two']);
    expect(old.branch).toBe('b0');
    expect(old.head).toBe('b1');
    expect(old.versions).toEqual([{ index: 2, branches: ['b0', 'b1'], shown: 0 }]);
    expect(old.outcome).toEqual({ kind: 'done', at: 2 });
    expect(reasonOf(() => showBranch(view as NonNullable<typeof view>, 'b9'))).toBe('not-found');
  });

  it('shows a call left waiting on a branch the conversation left as superseded', () => {
    const view = toSessionView(
      doc(
        [user('hi'), model('hi'), user('send'), asking, user('never mind'), model('never mind')],
        [
          { id: 'b0', start: 0 },
          { id: 'b1', start: 4, parent: { branch: 'b0', at: 2, snapshot: 's1-x' } },
        ],
        [snap(1, 'b0', 2), { ...snap(2, 'b0', 4, 1), outcome: { kind: 'interrupted', at: 2 } }, snap(3, 'b1', 4, 1)],
      ),
      [],
      false,
    );
    expect(view?.interrupts).toEqual([]);
    const left = showBranch(view as NonNullable<typeof view>, 'b0');
    expect(left.interrupts.map((i) => [i.ref, i.state])).toEqual([['r1', 'superseded']]);
    expect(left.running).toBeUndefined();
  });

  it('picks the snapshot whose history ends before an edited message, on whichever branch is shown', () => {
    const view = toSessionView(edited(), [], false) as NonNullable<ReturnType<typeof toSessionView>>;
    expect(snapshotBefore(view, 2).id).toBe('s1-x');
    expect(snapshotBefore(showBranch(view, 'b0'), 2).id).toBe('s1-x');
    expect(reasonOf(() => snapshotBefore(view, 1))).toBe('invalid-argument');
    // Before the first message: the root snapshot, the empty conversation every session has.
    expect(snapshotBefore(view, 0).id).toBe(ROOT_SNAPSHOT_ID);
    expect(snapshotBefore(showBranch(view, 'b0'), 0).id).toBe(ROOT_SNAPSHOT_ID);
    expect([0, 1, 2, 3].map((i) => canEdit(view, i))).toEqual([true, false, true, false]);
    expect(snapshotOf(view, ROOT_SNAPSHOT_ID)?.messages).toEqual([]);
  });

  it('refuses an edit whose snapshot the session no longer keeps', () => {
    const evicted = doc(
      [user('one'), model('one'), user('two'), model('two'), user('three'), model('three')],
      undefined,
      [snap(2, 'b0', 4, 1), snap(3, 'b0', 6, 2)],
    );
    const view = toSessionView(evicted, [], false) as NonNullable<ReturnType<typeof toSessionView>>;
    expect(snapshotBefore(view, 4).id).toBe('s2-x');
    expect(reasonOf(() => snapshotBefore(view, 2))).toBe('SNAPSHOT_NOT_FOUND');
    // Its walk back met a snapshot no longer kept: not the root either.
    expect([0, 2, 4].map((i) => canEdit(view, i))).toEqual([false, false, true]);
  });

  it('reads any kept snapshot by id: the history, state and outcome then', () => {
    const view = toSessionView(edited(), [], false) as NonNullable<ReturnType<typeof toSessionView>>;
    const read = snapshotOf(view, 's2-x');
    expect(texts(read?.messages ?? [])).toEqual(['one', 'echo: one', 'two', 'echo: two']);
    expect(read?.state).toEqual({ n: 2 });
    expect(read?.outcome).toEqual({ kind: 'done', at: 2 });
    expect(snapshotOf(view, 's9-x')).toBeUndefined();
  });

  it('shows each branch’s artifacts, and a snapshot read by id those of its branch then', () => {
    const version = (name: string, n: number, branch: string, length: number) => ({
      name,
      version: n,
      parts: [{ text: `${name} ${n} on ${branch}` }],
      at: n,
      branch,
      length,
    });
    // "one" made report 1, "two" report 2 and a chart; the edit "TWO" (b1, forked after "one") a memo.
    const versions = [
      version('report', 1, 'b0', 2),
      version('report', 2, 'b0', 4),
      version('chart', 1, 'b0', 4),
      version('memo', 1, 'b1', 4),
    ];
    const stored = { ...edited(), artifacts: Object.fromEntries(versions.map((a, i) => [`a${i}`, JSON.stringify(a)])) };
    const view = toSessionView(stored, [], false) as NonNullable<ReturnType<typeof toSessionView>>;
    const names = (artifacts: readonly { name: string; version: number }[]) =>
      artifacts.map((a) => `${a.name} ${a.version}`);
    expect(names(view.artifacts)).toEqual(['memo 1', 'report 1']);
    expect(names(showBranch(view, 'b0').artifacts)).toEqual(['chart 1', 'report 2']);
    expect(names(showBranch(view, 'b1').artifacts)).toEqual(['memo 1', 'report 1']);
    expect(names(snapshotOf(view, 's1-x')?.artifacts ?? [])).toEqual(['report 1']);
    expect(names(snapshotOf(view, 's2-x')?.artifacts ?? [])).toEqual(['chart 1', 'report 2']);
  });

  it('lays out a session never forked as one branch with no versions', () => {
    const view = toSessionView(doc([user('one'), model('one')], undefined, [snap(1, 'b0', 2)]), [], false);
    expect(view).toMatchObject({ branch: 'b0', head: 'b0', versions: [] });
    expect(view?.journal).toBe(view?.messages);
  });
});

describe('a result another branch ran', () => {
  it('says the call did not run again, and which call ran', () => {
    const answered: WatchedMessage = {
      role: 'tool',
      content: [
        {
          toolResponse: { name: 'charge', ref: 'r2', output: { charged: 1 } },
          metadata: { notRunAgain: { ref: 'r1' } },
        },
      ],
    };
    const view = toSessionView(doc([user('charge'), answered], undefined, []), [], false);
    expect(view?.results).toEqual([{ ref: 'r2', name: 'charge', output: { charged: 1 }, notRunAgain: { ref: 'r1' } }]);
  });
});
