import type { Snapshot, WatchedMessage } from '@callable-flows/client';
import { describe, expect, it } from 'vitest';
import { branchControls, editRefusal, type ShownBranch, versionsAt } from './branch-controls.js';
import { transcriptOf } from './transcript.js';

const user = (text: string): WatchedMessage => ({ role: 'user', content: [{ text }] });
const model = (text: string): WatchedMessage => ({ role: 'model', content: [{ text: `echo: ${text}` }] });
const snap = (n: number, branch: string, length: number, parent?: number): Snapshot => ({
  id: `s${n}-x`,
  n,
  ...(parent === undefined ? {} : { parent: `s${parent}-x` }),
  branch,
  length,
  seq: n - 1,
  outcome: { kind: 'done', at: n },
});

/** "one", "two", then "two" edited to "TWO" (b1 goes on from s1), as the client lays it out, showing `branch`. */
function edited(branch: 'b0' | 'b1'): ShownBranch {
  const journal = [user('one'), model('one'), user('two'), model('two'), user('TWO'), model('TWO')];
  return {
    branch,
    head: 'b1',
    branches: [
      { id: 'b0', start: 0 },
      { id: 'b1', start: 4, parent: { branch: 'b0', at: 2, snapshot: 's1-x' } },
    ],
    journal,
    snapshots: [snap(1, 'b0', 2), snap(2, 'b0', 4, 1), snap(3, 'b1', 4, 1)],
    versions: [{ index: 2, branches: ['b0', 'b1'], shown: branch === 'b0' ? 0 : 1 }],
    messages: branch === 'b0' ? journal.slice(0, 4) : [...journal.slice(0, 2), ...journal.slice(4)],
  };
}

const controlsOf = (shown: ShownBranch, idle = true) =>
  branchControls(shown, transcriptOf({ messages: shown.messages, interrupts: [], results: [] }), idle);

describe('branchControls', () => {
  it('offers Edit on every message of the person’s, the first too (it goes on from the empty conversation)', () => {
    const { users } = controlsOf(edited('b1'));
    expect(users.map((u) => [u.index, u.text, u.editRefusal])).toEqual([
      [0, 'one', undefined],
      [2, 'TWO', undefined],
    ]);
  });

  it('puts the switcher on the message with versions, at the version shown', () => {
    expect(controlsOf(edited('b1')).users[1]?.versions).toEqual({ shown: 1, branches: ['b0', 'b1'] });
    expect(controlsOf(edited('b0')).users[1]?.versions).toEqual({ shown: 0, branches: ['b0', 'b1'] });
    expect(controlsOf(edited('b1')).users[0]?.versions).toBeUndefined();
    expect(versionsAt(edited('b0'), 0)).toBeUndefined();
  });

  it('offers Regenerate on an idle conversation that ends with an answer to an editable message, not while it is busy', () => {
    expect(controlsOf(edited('b1')).regenerate).toBe(true);
    expect(controlsOf(edited('b1'), false).regenerate).toBe(false);
  });

  it('offers Regenerate on a first answer, not after the person’s own last words', () => {
    const first: ShownBranch = {
      branch: 'b0',
      head: 'b0',
      branches: [{ id: 'b0', start: 0 }],
      journal: [user('one'), model('one')],
      snapshots: [snap(1, 'b0', 2)],
      versions: [],
      messages: [user('one'), model('one')],
    };
    expect(controlsOf(first).regenerate).toBe(true);
    const unanswered = { ...edited('b1'), messages: [...edited('b1').messages, user('three')] };
    expect(controlsOf(unanswered).regenerate).toBe(false);
  });

  it('says a message whose snapshot the session no longer keeps is too far back to edit', () => {
    const pruned = { ...edited('b1'), snapshots: [snap(3, 'b1', 4)] };
    expect(editRefusal(pruned, 2)).toMatch(/too far back/);
  });

  it('passes on the client’s words for a message that is not the person’s', () => {
    expect(editRefusal(edited('b1'), 1)).toMatch(/not a user message/);
  });
});
