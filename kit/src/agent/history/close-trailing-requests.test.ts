import { describe, expect, it } from 'vitest';
import { stampApproved, stampInterrupt, stampPendingOutput } from '../../call-state/index.js';
import type { Message, ToolResponsePart } from '../../model/index.js';
import { closeTrailingRequests } from './close-trailing-requests.js';

const request = (name: string, ref: string) => ({ toolRequest: { name, ref, input: {} } });
const waiting = stampInterrupt(request('confirm', 'w'), { question: 'ok?' });
const done = stampPendingOutput(request('lookup', 'd'), { toolResponse: { name: 'lookup', ref: 'd', output: 7 } });
const approved = stampApproved(stampInterrupt(request('transfer', 'a'), true), {
  ...request('transfer', 'a'),
  metadata: { resumed: true },
});
const open = request('lookup', 'o');
const history: Message[] = [
  { role: 'user', content: [{ text: 'go' }] },
  { role: 'model', content: [done, waiting, approved, open] },
];

const outputs = (closed: Message[]) =>
  ((closed.at(-1)?.content ?? []) as ToolResponsePart[]).map((p) => [p.toolResponse.ref, p.toolResponse.output]);

describe('closeTrailingRequests', () => {
  it('answers each call honestly when approvals expired: recorded results kept, waiting ones not run, others unknown', () => {
    const closed = closeTrailingRequests(history, 'expired');
    expect(closed.map((m) => m.role)).toEqual(['user', 'model', 'tool']);
    expect(outputs(closed)).toEqual([
      ['d', 7],
      ['w', { error: 'the person did not answer in time: the approval expired and the call was not run' }],
      ['a', { error: expect.stringContaining('whether it ran is unknown') }],
      ['o', { error: expect.stringContaining('whether it ran is unknown') }],
    ]);
    expect(closed[1]?.content[1]).toMatchObject({ metadata: { resolvedInterrupt: { question: 'ok?' } } });
    expect(closed[1]?.content[0]).toEqual(request('lookup', 'd'));
  });

  it('says a call never ran when the turn stopped at its limit before running it', () => {
    const closed = closeTrailingRequests(history, 'stopped');
    expect(outputs(closed)[3]?.[1]).toEqual({
      error: 'the turn reached its limit of tool rounds before this call ran: it was not run',
    });
  });

  it('says the user stopped it, never "not run" for a call that may have run, when a stop closed the round', () => {
    const closed = closeTrailingRequests(history, 'user-stop');
    expect(outputs(closed)).toEqual([
      ['d', 7],
      ['w', { error: 'stopped by the user: the call was not run' }],
      ['a', { error: expect.stringMatching(/^stopped by the user .*whether it ran is unknown/) }],
      ['o', { error: expect.stringMatching(/^stopped by the user .*whether it ran is unknown/) }],
    ]);
  });

  it('says the user moved on when a cut-short turn left a call waiting', () => {
    expect(outputs(closeTrailingRequests(history, 'cut-short'))[1]?.[1]).toEqual({
      error: 'the user moved on without answering: the call was not run',
    });
  });

  it('tells a waiting call whose tool changed that it was not run, with its reason, and the others that the user moved on', () => {
    const other = stampInterrupt(request('refund', 'r'), true);
    const round: Message[] = [history[0] as Message, { role: 'model', content: [done, waiting, other] }];
    const closed = closeTrailingRequests(round, 'tool-changed', new Set(['w']));
    expect(outputs(closed)).toEqual([
      ['d', 7],
      ['w', { error: 'the tool changed; it was not run' }],
      ['r', { error: 'the user moved on without answering: the call was not run' }],
    ]);
    const responses = closed.at(-1)?.content as ToolResponsePart[];
    expect(responses[1]?.metadata).toEqual({ toolError: { code: 'failed-precondition', reason: 'TOOL_CHANGED' } });
    expect(responses[2]?.metadata).toEqual({ toolError: { code: 'aborted' } });
    expect(closed[1]?.content[1]).toMatchObject({ metadata: { resolvedInterrupt: { question: 'ok?' } } });
  });

  it('gives a copy of the history unchanged when it ends without an open round', () => {
    const closedRound = history.slice(0, 1);
    const copy = closeTrailingRequests(closedRound, 'expired');
    expect(copy).toEqual(closedRound);
    expect(copy).not.toBe(closedRound);
  });
});
