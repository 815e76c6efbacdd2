import { describe, expect, it } from 'vitest';
import {
  CONTROL_COLLECTION,
  chunkId,
  historyLines,
  LIVE_DOC_ID,
  LiveDocSchema,
  lineKey,
  messageTimeOf,
  millisOf,
  outcomeOf,
  QUEUE_DOC_ID,
  QueueDocSchema,
  QueuedMessageSchema,
  SessionDocSchema,
  tailOf,
  turnOf,
} from './session-doc.js';

const at = (ms: number) => ({ toMillis: () => ms });

/** A session document as the kit writes it, with `lines` as the tail. */
function sessionDoc(history: Record<string, unknown>): Record<string, unknown> {
  return {
    schemaVersion: 1,
    id: 's1',
    ownerUid: 'u1',
    agent: 'orders',
    status: 'interrupted',
    version: 3,
    createdAt: at(1),
    updatedAt: at(2),
    expireAt: at(3),
    lease: null,
    turn: null,
    turns: 1,
    summary: null,
    state: null,
    results: {},
    error: null,
    pending: [],
    history,
  };
}

describe('lineKey', () => {
  it('names tail line fields with six digits when the index is small', () => {
    expect(lineKey(7)).toBe('m000007');
    expect(chunkId(12)).toBe('c000012');
  });
});

describe('SessionDocSchema', () => {
  it('reads a document with Firestore timestamps when every field is there', () => {
    const parsed = SessionDocSchema.parse(sessionDoc({ length: 0, sealed: 0, chunks: [], lines: {} }));
    expect(parsed.status).toBe('interrupted');
    expect(millisOf(parsed.updatedAt)).toBe(2);
  });

  it('refuses a history kept as one tail text when it has no lines', () => {
    const parsed = SessionDocSchema.safeParse(sessionDoc({ length: 1, sealed: 0, chunks: [], tail: '{}\n' }));
    expect(parsed.success).toBe(false);
  });

  it('refuses a status no kit writes', () => {
    const doc = { ...sessionDoc({ length: 0, sealed: 0, chunks: [], lines: {} }), status: 'paused' };
    expect(SessionDocSchema.safeParse(doc).success).toBe(false);
  });
});

describe('messageTimeOf', () => {
  it('reads when a stored message was made from its metadata', () => {
    expect(messageTimeOf({ metadata: { at: 1_700_000_000_000, stopped: true } })).toBe(1_700_000_000_000);
  });

  it('gives no time for a message stored before messages had times, or one whose time is not a number', () => {
    expect(messageTimeOf({})).toBeUndefined();
    expect(messageTimeOf({ metadata: { stopped: true } })).toBeUndefined();
    expect(messageTimeOf({ metadata: { at: '2026-12-03' } })).toBeUndefined();
  });
});

describe('tailOf', () => {
  it('joins the tail lines from sealed to length when older lines are sealed', () => {
    const lines = { [lineKey(2)]: 'b\n', [lineKey(3)]: 'c\n', [lineKey(1)]: 'stale\n' };
    expect(tailOf({ length: 4, sealed: 2, chunks: [0], lines })).toBe('b\nc\n');
  });
});

describe('historyLines', () => {
  it('splits chunks and tail into one line a message when a line spans two chunks', () => {
    const all = 'one\ntwo\nthree\n';
    expect(
      historyLines({ length: 3, sealed: 2, chunks: [0, -1] }, [all.slice(0, 5), all.slice(5, 8)], 'three\n'),
    ).toEqual(['one', 'two', 'three']);
  });

  it('gives undefined when the lines do not add up to the layout', () => {
    expect(historyLines({ length: 2, sealed: 0, chunks: [] }, [], 'one\n')).toBeUndefined();
    expect(historyLines({ length: 1, sealed: 1, chunks: [0] }, [], 'one\n')).toBeUndefined();
  });
});

describe('millisOf', () => {
  it('gives undefined when the field is not a timestamp', () => {
    expect(millisOf(undefined)).toBeUndefined();
    expect(millisOf('2026-01-01')).toBeUndefined();
  });
});

describe('RunningTurnSchema', () => {
  it('reads the running step and refs when a turn runs tools', () => {
    const parsed = SessionDocSchema.parse({
      ...sessionDoc({ length: 0, sealed: 0, chunks: [], lines: {} }),
      status: 'running',
      running: { step: 'tools', refs: ['0.1'] },
    });
    expect(parsed.running).toEqual({ step: 'tools', refs: ['0.1'] });
  });

  it('reads a document without the field when it was written before the field existed', () => {
    const parsed = SessionDocSchema.parse(sessionDoc({ length: 0, sealed: 0, chunks: [], lines: {} }));
    expect(parsed.running).toBeUndefined();
  });

  it('refuses a step it does not know when a writer sends one', () => {
    const parsed = SessionDocSchema.safeParse({
      ...sessionDoc({ length: 0, sealed: 0, chunks: [], lines: {} }),
      running: { step: 'dreaming', refs: [] },
    });
    expect(parsed.success).toBe(false);
  });
});

describe('turnOf', () => {
  it('reads the turn with its kind and request id when the field holds one', () => {
    const text = JSON.stringify({ seq: 2, kind: 'resume', requestId: 'r-1', start: 4, startedAt: 99 });
    expect(turnOf(text)).toEqual({ seq: 2, kind: 'resume', requestId: 'r-1', start: 4, startedAt: 99 });
  });

  it('is undefined when there is no turn or the text is not one', () => {
    expect(turnOf(null)).toBeUndefined();
    expect(turnOf('{')).toBeUndefined();
    expect(turnOf('{"seq":1}')).toBeUndefined();
  });
});

describe('outcomeOf', () => {
  it('reads a stopped outcome with the client that stopped it when the field holds one', () => {
    const stoppedBy = { uid: 'u1', requestId: 'stop-1', clientId: 'tab-2', at: 40 };
    const text = JSON.stringify({ kind: 'stopped', at: 42, requestId: 'r-1', stoppedBy });
    expect(outcomeOf(text)).toEqual({ kind: 'stopped', at: 42, requestId: 'r-1', stoppedBy });
  });

  it('reads a failed outcome with its code and reason', () => {
    const text = JSON.stringify({
      kind: 'failed',
      at: 7,
      failure: { code: 'unavailable', reason: 'STORE_UNAVAILABLE' },
    });
    expect(outcomeOf(text)?.failure).toEqual({ code: 'unavailable', reason: 'STORE_UNAVAILABLE' });
  });

  it('is undefined when there is no outcome (a turn runs, or an older document) or the text is not one', () => {
    expect(outcomeOf(null)).toBeUndefined();
    expect(outcomeOf(undefined)).toBeUndefined();
    expect(outcomeOf('{')).toBeUndefined();
    expect(outcomeOf('{"kind":"paused","at":1}')).toBeUndefined();
  });
});

describe('QueueDocSchema', () => {
  const item = { requestId: 'r1', uid: 'u1', message: '{"role":"user","content":[{"text":"hi"}]}', digest: 'd', at: 5 };

  it('reads a queue document with its items in order when the kit wrote it', () => {
    const doc = QueueDocSchema.parse({
      ownerUid: 'u1',
      items: [item, { ...item, requestId: 'r2' }],
      updatedAt: at(5),
      expireAt: 9,
    });
    expect(doc.items.map((i) => i.requestId)).toEqual(['r1', 'r2']);
    expect(`${CONTROL_COLLECTION}/${QUEUE_DOC_ID}`).toBe('control/queue');
  });

  it('refuses an item without its message or request id when the document is not the kit’s', () => {
    const { message: _m, ...noMessage } = item;
    expect(QueueDocSchema.safeParse({ ownerUid: 'u1', items: [noMessage], updatedAt: 1, expireAt: 2 }).success).toBe(
      false,
    );
    expect(QueuedMessageSchema.safeParse({ ...item, requestId: 3 }).success).toBe(false);
  });
});

describe('LiveDocSchema', () => {
  it('reads the live words of a round with its lease and history index when the kit wrote them', () => {
    const doc = LiveDocSchema.parse({
      ownerUid: 'u1',
      leaseId: 'l1',
      from: 3,
      text: 'Hello wor',
      updatedAt: at(5),
      expireAt: 9,
    });
    expect(doc).toMatchObject({ leaseId: 'l1', from: 3, text: 'Hello wor' });
    expect(`${CONTROL_COLLECTION}/${LIVE_DOC_ID}`).toBe('control/live');
  });

  it('refuses a live document without its lease or with a negative index when it is not the kit’s', () => {
    expect(LiveDocSchema.safeParse({ ownerUid: 'u1', from: 0, text: '', updatedAt: 1, expireAt: 2 }).success).toBe(
      false,
    );
    expect(
      LiveDocSchema.safeParse({ ownerUid: 'u1', leaseId: 'l', from: -1, text: '', updatedAt: 1, expireAt: 2 }).success,
    ).toBe(false);
  });
});

describe('SessionDocSchema (inbox)', () => {
  it('reads the inbox a document names, and none when it was created before the field existed', () => {
    const doc = sessionDoc({ length: 0, sealed: 0, chunks: [], lines: {} });
    expect(SessionDocSchema.parse({ ...doc, inbox: { i0: 't1' } }).inbox).toEqual({ i0: 't1' });
    expect(SessionDocSchema.parse(doc).inbox).toBeUndefined();
    expect(SessionDocSchema.safeParse({ ...doc, inbox: { i0: 7 } }).success).toBe(false);
  });
});
