import { describe, expect, it } from 'vitest';
import type { HistoryMessage } from './history.js';
import { transcriptOf } from './transcript.js';

const ask: HistoryMessage[] = [
  { role: 'user', content: [{ text: 'Please cancel A-1001' }] },
  {
    role: 'model',
    content: [
      { text: 'Let me look.' },
      { toolRequest: { name: 'queryOrder', ref: 'q1', input: { orderId: 'A-1001' } } },
    ],
  },
  { role: 'tool', content: [{ toolResponse: { name: 'queryOrder', ref: 'q1', output: { found: true } } }] },
  {
    role: 'model',
    content: [
      { text: 'I need your confirmation.' },
      {
        toolRequest: { name: 'cancelOrder', ref: 'c1', input: { orderId: 'A-1001' } },
        metadata: { interrupt: { question: 'Cancel order A-1001?' } },
      },
    ],
  },
];

/** `ask`, with the interrupt resolved as the kit stores it, and the tool's answer. */
function resolved(
  requestStamps: Record<string, unknown>,
  response: HistoryMessage['content'][number],
): HistoryMessage[] {
  const last = ask.at(-1) as HistoryMessage;
  const request = {
    ...last.content[1],
    metadata: { resolvedInterrupt: { question: 'Cancel order A-1001?' }, ...requestStamps },
  };
  return [
    ...ask.slice(0, -1),
    { role: 'model', content: [last.content[0] ?? {}, request] },
    { role: 'tool', content: [response] },
  ];
}

describe('transcriptOf', () => {
  it('shows words, tool calls with their output and a pending approval when the session is interrupted', () => {
    expect(transcriptOf(ask, 'interrupted')).toEqual([
      { kind: 'user', text: 'Please cancel A-1001' },
      { kind: 'assistant', text: 'Let me look.' },
      { kind: 'tool', ref: 'q1', name: 'queryOrder', input: { orderId: 'A-1001' }, output: { found: true } },
      { kind: 'assistant', text: 'I need your confirmation.' },
      {
        kind: 'approval',
        ref: 'c1',
        name: 'cancelOrder',
        input: { orderId: 'A-1001' },
        metadata: { question: 'Cancel order A-1001?' },
        state: 'pending',
      },
    ]);
  });

  it('keeps the digest the server stamped on a waiting approval, which its card sends back', () => {
    const last = ask.at(-1) as HistoryMessage;
    const [text, request] = last.content;
    const stamped = { ...request, metadata: { ...request?.metadata, inputDigest: 'd-A1001' } };
    const history: HistoryMessage[] = [...ask.slice(0, -1), { role: 'model', content: [text ?? {}, stamped] }];
    expect(transcriptOf(history, 'interrupted').at(-1)).toMatchObject({ state: 'pending', inputDigest: 'd-A1001' });
  });

  it('marks a waiting approval expired when the session is expired', () => {
    expect(transcriptOf(ask, 'expired').at(-1)).toMatchObject({ kind: 'approval', state: 'expired' });
  });

  it('marks an approval approved when its call was restarted', () => {
    const history = resolved(
      { resumed: true },
      { toolResponse: { name: 'cancelOrder', ref: 'c1', output: { cancelled: true } } },
    );
    expect(transcriptOf(history, 'idle').at(-1)).toMatchObject({ state: 'approved', output: { cancelled: true } });
  });

  it("keeps the person's reason when they declined the approval", () => {
    const history = resolved(
      {},
      { toolResponse: { name: 'cancelOrder', ref: 'c1', output: 'the user declined: I changed my mind' } },
    );
    expect(transcriptOf(history, 'idle').at(-1)).toMatchObject({ state: 'denied', reason: 'I changed my mind' });
  });

  it('leaves out hidden tools when the agent called one', () => {
    const history: HistoryMessage[] = [
      { role: 'model', content: [{ toolRequest: { name: 'finish', ref: 'f1', input: { summary: 'done' } } }] },
      { role: 'tool', content: [{ toolResponse: { name: 'finish', ref: 'f1', output: { done: true } } }] },
      { role: 'model', content: [{ text: 'All done.' }] },
    ];
    expect(transcriptOf(history, 'idle')).toEqual([{ kind: 'assistant', text: 'All done.' }]);
  });

  it('marks an approval denied when it was answered with respond', () => {
    const output = { orderId: 'A-1001', cancelled: false, reason: 'changed my mind' };
    const history = resolved(
      {},
      { toolResponse: { name: 'cancelOrder', ref: 'c1', output }, metadata: { interruptResponse: true } },
    );
    expect(transcriptOf(history, 'idle').at(-1)).toMatchObject({ state: 'denied', output });
  });

  it('marks an approval expired when the cleanup answered it with a deadline-exceeded error', () => {
    const history = resolved(
      {},
      {
        toolResponse: { name: 'cancelOrder', ref: 'c1', output: { error: 'the approval expired' } },
        metadata: { toolError: { code: 'deadline-exceeded' } },
      },
    );
    expect(transcriptOf(history, 'idle').at(-1)).toMatchObject({ state: 'expired' });
  });

  it('leaves out text the kit added for the model when a part carries a purpose', () => {
    const history: HistoryMessage[] = [
      { role: 'user', content: [{ text: 'hi' }, { text: 'retrieved docs', metadata: { purpose: 'context' } }] },
    ];
    expect(transcriptOf(history, 'idle')).toEqual([{ kind: 'user', text: 'hi' }]);
  });

  it('gives an approved call its result when the result is stamped on the request mid-turn', () => {
    const last = ask.at(-1) as HistoryMessage;
    const running: HistoryMessage[] = [
      ...ask.slice(0, -1),
      {
        role: 'model',
        content: [
          last.content[0] ?? {},
          {
            ...last.content[1],
            metadata: {
              resolvedInterrupt: { question: 'Cancel order A-1001?' },
              resumed: true,
              pendingOutput: { cancelled: true },
            },
          },
        ],
      },
    ];
    const approval = transcriptOf(running, 'running').find((entry) => entry.kind === 'approval');
    expect(approval).toMatchObject({ state: 'approved', output: { cancelled: true } });
    const waiting = transcriptOf(ask, 'interrupted').find((entry) => entry.kind === 'approval');
    expect(waiting && 'output' in waiting).toBe(false);
  });

  it('marks a call failed when the kit recorded an error for it (a stop left it unfinished)', () => {
    const said = 'stopped by the user before this call finished: whether it ran is unknown, and it was not retried';
    const history: HistoryMessage[] = [
      ...ask.slice(0, 2),
      {
        role: 'tool',
        content: [
          {
            toolResponse: { name: 'queryOrder', ref: 'q1', output: { error: said } },
            metadata: { toolError: { code: 'aborted' } },
          },
        ],
      },
    ];
    expect(transcriptOf(history, 'idle').at(-1)).toEqual({
      kind: 'tool',
      ref: 'q1',
      name: 'queryOrder',
      input: { orderId: 'A-1001' },
      output: { error: said },
      failed: true,
    });
    expect(transcriptOf(ask, 'interrupted').find((entry) => entry.kind === 'tool')).not.toHaveProperty('failed');
  });
});
