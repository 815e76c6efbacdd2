import type { SessionDoc } from '@callable-flows/protocol/session-doc';
import { describe, expect, it } from 'vitest';
import { openCallsOf } from './watched-call.js';
import type { WatchedMessage } from './watched-message.js';

const user: WatchedMessage = { role: 'user', content: [{ text: 'cancel A-1001' }] };

describe('openCallsOf', () => {
  const round: WatchedMessage = {
    role: 'model',
    content: [
      { text: 'on it' },
      { toolRequest: { name: 'lookup', ref: 'l1', input: {} }, metadata: { pendingOutput: { found: true } } },
      { toolRequest: { name: 'sendMoney', ref: 's1', input: {} } },
    ],
  };
  const stateOf = (status: SessionDoc['status']) => openCallsOf([user, round], status).map((c) => c.state.kind);

  it('shows a call with no record as running while its turn runs', () => {
    expect(stateOf('running')).toEqual(['done', 'running']);
  });

  it('shows a call with no record as of unknown outcome when its turn failed without its result', () => {
    expect(stateOf('failed')).toEqual(['done', 'unknown']);
  });

  it('shows a call with no record as skipped when its turn stopped at its limit and left the session idle', () => {
    expect(stateOf('idle')).toEqual(['done', 'skipped']);
  });

  it('names each call by its ref and tool, and shows none when the last message is not the model’s', () => {
    expect(openCallsOf([user, round], 'running').map(({ ref, name }) => [ref, name])).toEqual([
      ['l1', 'lookup'],
      ['s1', 'sendMoney'],
    ]);
    expect(openCallsOf([user], 'idle')).toEqual([]);
  });
});
