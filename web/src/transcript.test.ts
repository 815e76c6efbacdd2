import type { WatchedInterrupt, WatchedMessage, WatchedResult } from '@callable-flows/client';
import { describe, expect, it } from 'vitest';
import type { AssistantTypes } from './assistant.js';
import { type TranscriptSource, transcriptOf } from './transcript.js';

const messages: WatchedMessage[] = [
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
      { toolRequest: { name: 'cancelOrder', ref: 'c1', input: { orderId: 'A-1001' } }, metadata: { stamped: true } },
    ],
  },
];
const lookedUp: WatchedResult = { ref: 'q1', name: 'queryOrder', output: { found: true } };
type Interrupt = WatchedInterrupt<AssistantTypes>;
const interrupt = (over: Partial<Interrupt>): Interrupt => ({
  sessionId: 's1',
  ref: 'c1',
  name: 'cancelOrder',
  input: { orderId: 'A-1001' },
  metadata: { question: 'Cancel order A-1001?' },
  state: 'waiting',
  ...over,
});
/** The conversation as the client reads it: `messages`, the interrupt `c1` where it stands, and the results. */
const conversation = (asked: Partial<Interrupt>, results: WatchedResult[] = [lookedUp]): TranscriptSource => ({
  messages,
  interrupts: [interrupt(asked)],
  results,
});

describe('transcriptOf', () => {
  it('shows words, tool calls with their output and a waiting approval when an interrupt waits', () => {
    expect(transcriptOf(conversation({}))).toEqual([
      { kind: 'user', text: 'Please cancel A-1001', index: 0 },
      { kind: 'assistant', text: 'Let me look.' },
      { kind: 'tool', ref: 'q1', name: 'queryOrder', input: { orderId: 'A-1001' }, output: { found: true } },
      { kind: 'assistant', text: 'I need your confirmation.' },
      {
        kind: 'approval',
        ref: 'c1',
        name: 'cancelOrder',
        input: { orderId: 'A-1001' },
        metadata: { question: 'Cancel order A-1001?' },
        state: 'waiting',
      },
    ]);
  });

  it('keeps the digest of a waiting approval, which its card sends back', () => {
    expect(transcriptOf(conversation({ inputDigest: 'd-A1001' })).at(-1)).toMatchObject({
      state: 'waiting',
      inputDigest: 'd-A1001',
    });
  });

  it('takes where an approval stands from its interrupt, the one vocabulary', () => {
    for (const state of ['waiting', 'approved', 'declined', 'expired'] as const) {
      expect(transcriptOf(conversation({ state })).at(-1)).toMatchObject({ kind: 'approval', state });
    }
  });

  it('gives an approved call its result, stored or stamped mid-turn', () => {
    const cancelled: WatchedResult = { ref: 'c1', name: 'cancelOrder', output: { cancelled: true } };
    const approval = transcriptOf(conversation({ state: 'approved' }, [lookedUp, cancelled])).at(-1);
    expect(approval).toMatchObject({ state: 'approved', output: { cancelled: true } });
    const waiting = transcriptOf(conversation({})).at(-1);
    expect(waiting && 'output' in waiting).toBe(false);
  });

  it("keeps the person's reason when they declined the approval", () => {
    const reason = 'I changed my mind';
    expect(transcriptOf(conversation({ state: 'declined', reason })).at(-1)).toMatchObject({
      state: 'declined',
      reason,
    });
  });

  it('shows two messages of the person’s as two bubbles when the first was left unanswered', () => {
    const unanswered: WatchedMessage[] = [
      { role: 'user', content: [{ text: 'Where is my order A-1001?' }] },
      { role: 'user', content: [{ text: 'Where is my order ' }, { text: 'A-1002?' }] },
      { role: 'model', content: [{ text: 'It ' }, { text: 'shipped.' }] },
    ];
    expect(transcriptOf({ messages: unanswered, interrupts: [], results: [] })).toEqual([
      { kind: 'user', text: 'Where is my order A-1001?', index: 0 },
      { kind: 'user', text: 'Where is my order A-1002?', index: 1 },
      { kind: 'assistant', text: 'It shipped.' },
    ]);
  });

  it('leaves out hidden tools when the agent called one', () => {
    const source: TranscriptSource = {
      messages: [
        { role: 'model', content: [{ toolRequest: { name: 'finish', ref: 'f1', input: { summary: 'done' } } }] },
        { role: 'tool', content: [{ toolResponse: { name: 'finish', ref: 'f1', output: { done: true } } }] },
        { role: 'model', content: [{ text: 'All done.' }] },
      ],
      interrupts: [],
      results: [{ ref: 'f1', name: 'finish', output: { done: true } }],
    };
    expect(transcriptOf(source)).toEqual([{ kind: 'assistant', text: 'All done.' }]);
  });

  it('shows a hand-off as its own entry, in place of the hand-off tool’s call, and the new agent’s steps after it', () => {
    const handed: WatchedMessage[] = [
      { role: 'user', content: [{ text: 'refund A-1002' }] },
      {
        role: 'model',
        content: [
          { text: 'Handing you over.' },
          { toolRequest: { name: 'transfer_to_refunds', ref: 'h1', input: {} } },
        ],
        metadata: { handoff: { from: 'orderAssistant', to: 'refunds', at: 1 } },
      },
      {
        role: 'tool',
        content: [{ toolResponse: { name: 'transfer_to_refunds', ref: 'h1', output: { handedTo: 'refunds' } } }],
      },
      { role: 'model', content: [{ toolRequest: { name: 'checkRefund', ref: 'k1', input: { orderId: 'A-1002' } } }] },
    ];
    const checked: WatchedResult = { ref: 'k1', name: 'checkRefund', output: { refundable: true } };
    expect(transcriptOf({ messages: handed, interrupts: [], results: [checked] })).toEqual([
      { kind: 'user', text: 'refund A-1002', index: 0 },
      { kind: 'assistant', text: 'Handing you over.' },
      { kind: 'handoff', from: 'orderAssistant', to: 'refunds' },
      { kind: 'tool', ref: 'k1', name: 'checkRefund', input: { orderId: 'A-1002' }, output: { refundable: true } },
    ]);
  });

  it('leaves out text the kit added for the model when a part carries a purpose', () => {
    const source: TranscriptSource = {
      messages: [
        { role: 'user', content: [{ text: 'hi' }, { text: 'retrieved docs', metadata: { purpose: 'context' } }] },
      ],
      interrupts: [],
      results: [],
    };
    expect(transcriptOf(source)).toEqual([{ kind: 'user', text: 'hi', index: 0 }]);
  });

  it('marks a call failed when the client read an error the kit recorded for it (a stop left it unfinished)', () => {
    const said = 'stopped by the user before this call finished: whether it ran is unknown, and it was not retried';
    const source: TranscriptSource = {
      messages: messages.slice(0, 2),
      interrupts: [],
      results: [{ ref: 'q1', name: 'queryOrder', output: { error: said }, failed: true }],
    };
    expect(transcriptOf(source).at(-1)).toEqual({
      kind: 'tool',
      ref: 'q1',
      name: 'queryOrder',
      input: { orderId: 'A-1001' },
      output: { error: said },
      failed: true,
    });
    expect(transcriptOf(conversation({})).find((entry) => entry.kind === 'tool')).not.toHaveProperty('failed');
  });

  it('marks an approved call failed when its tool threw after the approval', () => {
    const threw = {
      ref: 'c1',
      name: 'cancelOrder',
      output: { error: 'the order store is down' },
      failed: true as const,
    };
    const card = transcriptOf(conversation({ state: 'approved' }, [lookedUp, threw])).at(-1);
    expect(card).toMatchObject({ kind: 'approval', state: 'approved', output: threw.output, failed: true });
    const done = { ref: 'c1', name: 'cancelOrder', output: { cancelled: true } };
    expect(transcriptOf(conversation({ state: 'approved' }, [lookedUp, done])).at(-1)).not.toHaveProperty('failed');
  });

  it('gives the person’s words and each answer the time the session stored them, an answer of several messages its last', () => {
    const timed: WatchedMessage[] = [
      { role: 'user', content: [{ text: 'Where is A-1001?' }], at: 1_000 },
      {
        role: 'model',
        content: [{ text: 'Let me look. ' }, { toolRequest: { name: 'finish', ref: 'f1' } }],
        at: 2_000,
      },
      { role: 'tool', content: [{ toolResponse: { name: 'finish', ref: 'f1', output: {} } }], at: 3_000 },
      { role: 'model', content: [{ text: 'It shipped.' }], at: 3_000 },
    ];
    expect(transcriptOf({ messages: timed, interrupts: [], results: [] })).toEqual([
      { kind: 'user', text: 'Where is A-1001?', index: 0, at: 1_000 },
      { kind: 'assistant', text: 'Let me look. It shipped.', at: 3_000 },
    ]);
  });

  it('leaves out the note the kit put first on a new branch’s message for its model (the calls that ran on the branch it left)', () => {
    const source: TranscriptSource = {
      messages: [
        { role: 'user', content: [{ text: 'Where is A-1001?' }] },
        { role: 'model', content: [{ text: 'It shipped.' }] },
        {
          role: 'user',
          content: [
            { text: 'Note from the system, not the user: …', metadata: { branchEffects: true } },
            { text: 'And A-1002?' },
          ],
        },
      ],
      interrupts: [],
      results: [],
    };
    expect(transcriptOf(source)).toEqual([
      { kind: 'user', text: 'Where is A-1001?', index: 0 },
      { kind: 'assistant', text: 'It shipped.' },
      { kind: 'user', text: 'And A-1002?', index: 2 },
    ]);
  });

  it('gives no times to the words of a session stored before messages had times', () => {
    const entries = transcriptOf(conversation({}));
    expect(entries.filter((entry) => 'at' in entry)).toEqual([]);
  });
});
