import { type CallResult, PROTOCOL_VERSION, ROOT_SNAPSHOT_ID, type WireRequest } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { flowClient } from './flow.js';
import { isFlowError } from './flow-error.js';
import { type SessionView, showBranch, toSessionView } from './session-view.js';
import { edited, forkedDoc, model, snap, user } from './test-utils/forked-doc.js';
import type { WireCallable } from './wire-callable.js';

// Editing a message and asking again: the client picks the snapshot, the server gets its id.

const answer: CallResult = {
  sessionId: 's',
  status: 'done',
  finishReason: 'stop',
  text: 'ok',
  output: null,
  interrupts: [],
  usage: { inputTokens: 1, outputTokens: 1 },
};

function recording(): WireCallable & { requests: WireRequest[] } {
  const requests: WireRequest[] = [];
  const call = async (data: WireRequest) => {
    requests.push(structuredClone(data));
    return { data: answer };
  };
  return Object.assign(call, {
    requests,
    stream: (): never => {
      throw new Error('not streamed');
    },
  });
}

const viewOf = (doc: Parameters<typeof toSessionView>[0]) => toSessionView(doc, [], false) as SessionView;

describe('editMessage and regenerate', () => {
  it('sends an edit as the new words from the snapshot that ends before the edited message', async () => {
    const callable = recording();
    const client = flowClient(callable);
    await client.editMessage(viewOf(edited()), 2, 'Two!');
    expect(callable.requests).toEqual([
      {
        sessionId: 's',
        message: 'Two!',
        snapshotId: 's1-x',
        requestId: expect.any(String),
        protocolVersion: PROTOCOL_VERSION,
      },
    ]);
    expect(client.sessionId).toBe('s');
  });

  it('edits a message of the branch shown, not only the head', async () => {
    const callable = recording();
    const forked = forkedDoc(
      [user('one'), model('one'), user('two'), model('two'), user('three'), model('three'), user('TWO'), model('TWO')],
      [
        { id: 'b0', start: 0 },
        { id: 'b1', start: 6, parent: { branch: 'b0', at: 2, snapshot: 's1-x' } },
      ],
      [snap(1, 'b0', 2), snap(2, 'b0', 4, 1), snap(3, 'b0', 6, 2), snap(4, 'b1', 4, 1)],
    );
    await flowClient(callable).editMessage(showBranch(viewOf(forked), 'b0'), 4, 'THREE');
    expect(callable.requests[0]).toMatchObject({ message: 'THREE', snapshotId: 's2-x' });
  });

  it('asks again with the last user message as it was, without the note the kit added to it', async () => {
    const callable = recording();
    const noted = forkedDoc(
      [
        user('one'),
        model('one'),
        user('two'),
        model('two'),
        {
          role: 'user',
          content: [{ text: 'Note from the system…', metadata: { branchEffects: true } }, { text: 'TWO' }],
        },
        model('TWO'),
      ],
      [
        { id: 'b0', start: 0 },
        { id: 'b1', start: 4, parent: { branch: 'b0', at: 2, snapshot: 's1-x' } },
      ],
      [snap(1, 'b0', 2), snap(2, 'b0', 4, 1), snap(3, 'b1', 4, 1)],
    );
    await flowClient(callable).regenerate(viewOf(noted));
    expect(callable.requests[0]).toMatchObject({ message: [{ text: 'TWO' }], snapshotId: 's1-x' });
  });

  it('edits the first message from the root snapshot', async () => {
    const callable = recording();
    await flowClient(callable).editMessage(viewOf(edited()), 0, 'ONE');
    expect(callable.requests[0]).toMatchObject({ sessionId: 's', message: 'ONE', snapshotId: ROOT_SNAPSHOT_ID });
  });

  it('refuses, without a call, to edit a model message', async () => {
    const callable = recording();
    const client = flowClient(callable);
    const refused = async (call: Promise<unknown>) =>
      call.then(String, (e) => (isFlowError(e) ? (e.reason ?? e.code) : e));
    expect(await refused(client.editMessage(viewOf(edited()), 3, 'no'))).toBe('invalid-argument');
    expect(callable.requests).toEqual([]);
  });
});
