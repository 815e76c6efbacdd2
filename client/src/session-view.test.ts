import { lineKey, type SessionDoc } from '@callable-flows/protocol/session-doc';
import { describe, expect, it } from 'vitest';
import { toSessionView } from './session-view.js';
import type { WatchedMessage } from './watched-message.js';
import { queuedOf } from './watched-queued.js';

const user: WatchedMessage = { role: 'user', content: [{ text: 'cancel A-1001' }] };
const asking = (metadata: Record<string, unknown>): WatchedMessage => ({
  role: 'model',
  content: [{ toolRequest: { name: 'cancelOrder', ref: 'r1', input: { orderId: 'A-1001' } }, metadata }],
});

/** A session document as the kit writes it, with `messages` split into a chunk and a tail. */
function sessionDoc(messages: WatchedMessage[], sealed: number, over: Partial<SessionDoc> = {}) {
  const lines = messages.map((m) => `${JSON.stringify(m)}\n`);
  const tail: Record<string, string> = {};
  for (let i = sealed; i < lines.length; i++) tail[lineKey(i)] = lines[i] as string;
  const doc: SessionDoc = {
    schemaVersion: 1,
    id: 's1',
    ownerUid: 'alice',
    agent: 'orderAssistant',
    status: 'interrupted',
    version: 4,
    createdAt: 1,
    updatedAt: 2,
    expireAt: 3,
    lease: null,
    turn: null,
    turns: 1,
    summary: null,
    results: {},
    error: null,
    history: { length: lines.length, sealed, chunks: sealed ? [0] : [], lines: tail },
    ...over,
  };
  return { doc, chunk: lines.slice(0, sealed).join('') };
}

describe('toSessionView', () => {
  it('joins the sealed chunk and the tail into the messages when the history is sealed', () => {
    const { doc, chunk } = sessionDoc([user, asking({ interrupt: { question: 'sure?' } })], 1);
    const view = toSessionView(doc, [chunk], false);
    expect(view?.messages).toEqual([user, asking({ interrupt: { question: 'sure?' } })]);
    expect(view).toMatchObject({ id: 's1', status: 'interrupted', version: 4, running: undefined, fromCache: false });
  });

  it('gives each message the time the session stored it at, sealed or in the tail', () => {
    const timed = (message: WatchedMessage, at: number): WatchedMessage => ({
      ...message,
      metadata: { ...message.metadata, at },
    });
    const answer: WatchedMessage = { role: 'model', content: [{ text: 'Shipped.' }], metadata: { stopped: true } };
    const { doc, chunk } = sessionDoc([timed(user, 1_000), timed(answer, 1_800), user], 1);
    const view = toSessionView(doc, [chunk], false);
    expect(view?.messages.map((message) => message.at)).toEqual([1_000, 1_800, undefined]);
    expect(view?.messages[1]?.metadata).toEqual({ stopped: true, at: 1_800 });
  });

  it('gives no times to the messages of a session stored before messages had times', () => {
    const { doc } = sessionDoc([user, asking({ interrupt: true })], 0);
    const view = toSessionView(doc, [], false);
    expect(view?.messages.some((message) => 'at' in message)).toBe(false);
  });

  it('is undefined when a chunk does not add up to the layout (read at another version)', () => {
    const { doc } = sessionDoc([user, asking({ interrupt: true })], 1);
    expect(toSessionView(doc, [''], true)).toBeUndefined();
  });

  it('shows the running turn with its step, refs and lease when a turn runs tools', () => {
    const { doc } = sessionDoc([user, asking({ resumed: true, resolvedInterrupt: true, answer: 'restart' })], 0, {
      status: 'running',
      lease: { id: 'l', expiresAt: 12_010 },
      turn: JSON.stringify({ seq: 0, kind: 'resume', start: 0, startedAt: 10 }),
      running: { step: 'tools', refs: ['r1'] },
    });
    expect(toSessionView(doc, [], false)?.running).toEqual({
      since: 10,
      kind: 'resume',
      requestId: undefined,
      step: 'tools',
      refs: ['r1'],
      leaseExpiresAt: 12_010,
    });
  });

  it('shows who stopped the last turn, from which client and when, when the outcome says stopped', () => {
    const stoppedBy = { uid: 'alice', requestId: 'stop-1', clientId: 'phone', at: 40 };
    const outcome = { kind: 'stopped', at: 41, requestId: 'r-9', stoppedBy };
    const { doc } = sessionDoc([user], 0, { status: 'idle', outcome: JSON.stringify(outcome) });
    expect(toSessionView(doc, [], false)?.outcome).toEqual(outcome);
  });

  it('shows no outcome while a turn runs or for a document written before outcomes', () => {
    expect(toSessionView(sessionDoc([user], 0, { status: 'running', outcome: null }).doc, [], false)?.outcome).toBe(
      undefined,
    );
    expect(toSessionView(sessionDoc([user], 0).doc, [], false)?.outcome).toBeUndefined();
  });
});

describe('the view of a failed session', () => {
  it('shows as its calls the open round, each where it stands', () => {
    const round: WatchedMessage = {
      role: 'model',
      content: [
        { toolRequest: { name: 'lookup', ref: 'l1', input: {} }, metadata: { pendingOutput: { found: true } } },
        { toolRequest: { name: 'sendMoney', ref: 's1', input: {} } },
      ],
    };
    const { doc } = sessionDoc([user, round], 0, { status: 'failed' });
    expect(toSessionView(doc, [], false)?.calls.map((c) => c.state.kind)).toEqual(['done', 'unknown']);
  });
});

describe('queuedOf', () => {
  const item = (requestId: string, text: string) => ({
    requestId,
    uid: 'alice',
    message: JSON.stringify({ role: 'user', content: [{ text }] }),
    digest: 'd',
    at: 5,
  });
  const queue = (...items: ReturnType<typeof item>[]) => ({ ownerUid: 'alice', items, updatedAt: 5, expireAt: 9 });

  it('lists the waiting messages in order, numbered from 1, when the queue holds some', () => {
    const { doc } = sessionDoc([user], 0);
    expect(queuedOf(doc, queue(item('q1', 'one'), item('q2', 'two'))).map((q) => [q.requestId, q.position])).toEqual([
      ['q1', 1],
      ['q2', 2],
    ]);
  });

  it('leaves out the head whose turn runs (it is in messages already) when its request id is the turn’s', () => {
    const { doc } = sessionDoc([user], 0, {
      status: 'running',
      turn: JSON.stringify({ seq: 1, kind: 'message', start: 0, startedAt: 10, requestId: 'q1' }),
    });
    const shown = toSessionView(doc, [], false, queue(item('q1', 'one'), item('q2', 'two')))?.queued;
    expect(shown).toEqual([
      {
        requestId: 'q2',
        message: { role: 'user', content: [{ text: 'two' }] },
        at: 5,
        position: 1,
        waitsFor: 'answer',
      },
    ]);
  });

  it('says a message waits for the approval when the session waits for one, and for the answer while a turn runs', () => {
    const waiting = sessionDoc([user], 0, { status: 'interrupted' }).doc;
    const running = sessionDoc([user], 0, { status: 'running' }).doc;
    expect(queuedOf(waiting, queue(item('q1', 'one'))).map((q) => q.waitsFor)).toEqual(['approval']);
    expect(queuedOf(running, queue(item('q1', 'one'))).map((q) => q.waitsFor)).toEqual(['answer']);
  });

  it('is empty when the session has no queue document', () => {
    expect(toSessionView(sessionDoc([user], 0).doc, [], false)?.queued).toEqual([]);
  });
});

describe('the live words in the view', () => {
  const running = (messages: WatchedMessage[], leaseId = 'l1') =>
    sessionDoc(messages, 0, {
      status: 'running',
      lease: { id: leaseId, expiresAt: 99 },
      turn: JSON.stringify({ seq: 1, kind: 'message', start: 0, startedAt: 10, requestId: 'r1' }),
      running: { step: 'model', refs: [] },
    }).doc;
  const live = (over: Record<string, unknown> = {}) => ({
    ownerUid: 'alice',
    leaseId: 'l1',
    from: 1,
    text: 'Hello wor',
    updatedAt: 20,
    expireAt: 99,
    ...over,
  });

  it('shows the running round’s words when the turn that wrote them holds the session and has not journaled them', () => {
    const view = toSessionView(running([user]), [], false, undefined, live({ reasoning: 'thinking' }));
    expect(view?.live).toEqual({ text: 'Hello wor', reasoning: 'thinking', at: 1, updatedAt: 20 });
  });

  it('drops them once the journal holds the round, so the words are never shown twice', () => {
    const answered: WatchedMessage = { role: 'model', content: [{ text: 'Hello world' }] };
    expect(toSessionView(running([user, answered]), [], false, undefined, live())?.live).toBeUndefined();
  });

  it('drops them when another turn holds the session, or none does', () => {
    expect(toSessionView(running([user], 'l2'), [], false, undefined, live())?.live).toBeUndefined();
    const idle = sessionDoc([user], 0, { status: 'idle' }).doc;
    expect(toSessionView(idle, [], false, undefined, live())?.live).toBeUndefined();
  });

  it('is undefined with no live document', () => {
    expect(toSessionView(running([user]), [], false)?.live).toBeUndefined();
  });
});

describe('the running turn’s unjournaled steps in the view', () => {
  const running = (messages: WatchedMessage[], leaseId = 'l1') =>
    sessionDoc(messages, 0, {
      status: 'running',
      lease: { id: leaseId, expiresAt: 99 },
      turn: JSON.stringify({ seq: 1, kind: 'message', start: 0, startedAt: 10, requestId: 'r1' }),
      running: { step: 'model', refs: [] },
    }).doc;
  // A pure tool's round: its request, its result stamped on it (the journal stores it with the next write).
  const looked: WatchedMessage = {
    role: 'model',
    content: [
      { text: 'Let me look.' },
      {
        toolRequest: { name: 'queryOrder', ref: 'q1', input: { orderId: 'A-1001' } },
        metadata: { pendingOutput: { status: 'shipped' } },
      },
    ],
  };
  const live = (over: Record<string, unknown> = {}) => ({
    ownerUid: 'alice',
    leaseId: 'l1',
    from: 2,
    text: 'It has shipp',
    steps: [JSON.stringify(looked)],
    updatedAt: 20,
    expireAt: 99,
    ...over,
  });

  it('shows the steps the journal has not stored, in order, with their results, before the live words', () => {
    const view = toSessionView(running([user]), [], false, undefined, live());
    expect(view?.messages.map((m) => m.role)).toEqual(['user', 'model']);
    expect(view?.results).toEqual([{ ref: 'q1', name: 'queryOrder', output: { status: 'shipped' } }]);
    expect(view?.live).toMatchObject({ text: 'It has shipp', at: 2 });
  });

  it('adds no step the history holds already', () => {
    const view = toSessionView(running([user, looked]), [], false, undefined, live());
    expect(view?.messages).toHaveLength(2);
  });

  it('adds none when another turn wrote them, or the steps do not follow the stored history', () => {
    expect(toSessionView(running([user], 'l2'), [], false, undefined, live())?.messages).toHaveLength(1);
    expect(toSessionView(running([user]), [], false, undefined, live({ from: 4 }))?.messages).toHaveLength(1);
  });

  it('adds none that are not messages', () => {
    const view = toSessionView(running([user]), [], false, undefined, live({ steps: ['{"role":'] }));
    expect(view?.messages).toHaveLength(1);
  });
});
