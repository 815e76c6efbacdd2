import { describe, expect, it } from 'vitest';
import { callStateOf, stampInterrupt } from '../../call-state/index.js';
import { isKitError, type KitError } from '../../errors/index.js';
import type { Message, ToolRequestPart } from '../../model/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { emptySession } from '../../session/empty-session.js';
import type { Session, Standing } from '../../session/index.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import { withPending } from '../../session/pending-of.js';
import { testTools } from '../../test-utils/protocol-tools.js';
import { resolveAgent } from '../runtime/index.js';
import type { ClientTurnRequest } from '../turn/index.js';
import { gateResume } from './gate-resume.js';
import { planTurn, RUNNING_TURN_POLL_MS, sessionBusy } from './plan-turn.js';

const NOW = 1_700_000_000_000;
const rt = resolveAgent({
  name: 'chat',
  model: scriptedModel([]),
  tools: testTools().all,
  store: new InMemorySessionStore(),
});

const user = (text: string): Message => ({ role: 'user', content: [{ text }] });
const message = (text: string, requestId?: string): ClientTurnRequest => ({
  kind: 'message',
  message: user(text),
  uid: 'alice',
  requestId,
  now: NOW,
});
const resume = (requestId?: string): ClientTurnRequest => ({
  kind: 'resume',
  resume: { decline: [{ ref: 'g', name: 'guarded', reason: 'no' }] },
  uid: 'alice',
  requestId,
  now: NOW,
});

/** A session after one turn that asked `guarded` (ref g) and waits for a person. */
function waitingSession(): Session {
  const asked = stampInterrupt({ toolRequest: { name: 'guarded', ref: 'g', input: { id: 'x' } } }, { id: 'x' });
  return withPending({
    ...emptySession({ id: 's1', ownerUid: 'u', agent: 'chat', now: NOW }),
    status: 'interrupted',
    history: [user('go'), { role: 'model', content: [asked] }],
    turn: { seq: 0, kind: 'message', start: 0, startedAt: NOW, requestId: 'r1' },
    turns: 1,
  });
}

/** A session whose one turn (request r1) was cut short after its user message. */
function cutShortSession(): Session {
  return {
    ...emptySession({ id: 's1', ownerUid: 'u', agent: 'chat', now: NOW }),
    status: 'running',
    history: [user('hello')],
    turn: { seq: 0, kind: 'message', start: 0, startedAt: NOW, requestId: 'r1' },
    turns: 1,
  };
}

function refusal(run: () => unknown): KitError {
  try {
    run();
  } catch (error) {
    if (isKitError(error)) return error;
    throw error;
  }
  throw new Error('expected a KitError');
}

describe('planTurn', () => {
  it('starts a new turn with the message in its first write when the session is idle', () => {
    const session = emptySession({ id: 's1', ownerUid: 'u', agent: 'chat', now: NOW });
    const plan = planTurn(rt, session, 'idle', message('hi', 'r1'));
    expect(plan).toEqual({
      kind: 'message',
      history: [user('hi')],
      turn: { seq: 0, kind: 'message', start: 0, startedAt: NOW, requestId: 'r1' },
      turns: 1,
    });
  });

  it('refuses with SESSION_BUSY and the time the lease has left when another call holds it', () => {
    const session = { ...waitingSession(), lease: { id: 'l', expiresAt: NOW + 7_000 } };
    const error = refusal(() => planTurn(rt, session, 'held', message('hi')));
    expect(error).toMatchObject({ code: 'aborted', details: { reason: 'SESSION_BUSY', retryAfterMs: 7_000 } });
  });

  it('refuses a message with INTERRUPT_PENDING, naming the waiting calls, when the session waits', () => {
    const error = refusal(() => planTurn(rt, waitingSession(), 'interrupted', message('hi')));
    expect(error).toMatchObject({
      code: 'failed-precondition',
      details: { reason: 'INTERRUPT_PENDING', interrupts: [{ ref: 'g', name: 'guarded' }] },
    });
  });

  it('admits a message that closes the round when a waiting call’s tool was changed by a deploy so it can no longer run', () => {
    // Deployed since: `guarded` is gone (renamed), so its waiting call can't be approved.
    const deployed = resolveAgent({
      name: 'chat',
      model: scriptedModel([]),
      tools: [testTools().lookup],
      store: new InMemorySessionStore(),
    });
    const plan = planTurn(deployed, waitingSession(), 'interrupted', message('hi'));
    expect(plan.kind).toBe('message');
    expect(plan.turns).toBe(2);
    expect(plan.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'user']);
    expect(plan.history[2]?.content[0]).toMatchObject({
      toolResponse: { name: 'guarded', ref: 'g', output: { error: 'the tool changed; it was not run' } },
      metadata: { toolError: { reason: 'TOOL_CHANGED' } },
    });
  });

  it('journals the answers on the open round, keeping the turn count, when a waiting session is resumed', async () => {
    const session = waitingSession();
    const request = { ...resume('r2'), uid: 'u' } as Extract<ClientTurnRequest, { kind: 'resume' }>; // the owner's
    const plan = planTurn(rt, session, 'interrupted', request, await gateResume(rt, session, request));
    expect(plan.kind).toBe('resume');
    expect(plan.turns).toBe(1);
    expect(plan.turn).toMatchObject({ seq: 0, kind: 'resume', start: 0, requestId: 'r2' });
    expect(callStateOf(plan.history.at(-1)?.content[0] as ToolRequestPart).kind).toBe('declined');
    expect(callStateOf(session.history.at(-1)?.content[0] as ToolRequestPart).kind).toBe('waiting');
  });

  it.each([
    ['expired', 'APPROVAL_EXPIRED'],
    ['idle', 'NOTHING_TO_RESUME'],
  ] as [Standing, string][])('refuses a resume when the session is %s', (standing, reason) => {
    const session = { ...emptySession({ id: 's1', ownerUid: 'u', agent: 'chat', now: NOW }), history: [user('go')] };
    expect(refusal(() => planTurn(rt, session, standing, resume())).details?.reason).toBe(reason);
  });

  it('retries the turn cut short, with its history as stored, when the same request id comes again', () => {
    const session = cutShortSession();
    const plan = planTurn(rt, session, 'incomplete', message('hello', 'r1'));
    expect(plan).toMatchObject({ kind: 'retry', turns: 1, turn: { requestId: 'r1', kind: 'message' } });
    expect(plan.history).toBe(session.history);
  });

  it('retries the turn cut short when neither call has a request id and the message is the same', () => {
    const { turn, ...rest } = cutShortSession();
    const session = { ...rest, turn: { ...turn, requestId: undefined } } as Session;
    expect(planTurn(rt, session, 'incomplete', message('hello')).kind).toBe('retry');
  });

  it('starts a new turn after the one cut short, its unanswered message said so, when another request comes', () => {
    const plan = planTurn(rt, cutShortSession(), 'incomplete', message('something else', 'r2'));
    expect(plan).toMatchObject({ kind: 'message', turns: 2, turn: { seq: 1, start: 2, requestId: 'r2' } });
    expect(plan.history).toEqual([
      user('hello'),
      {
        role: 'model',
        content: [
          {
            text: expect.stringMatching(/^This message got no answer: its turn failed/),
            metadata: { purpose: 'no-answer' },
          },
        ],
      },
      user('something else'),
    ]);
  });

  it('answers the expired calls before the new message when an expired session gets one', () => {
    const plan = planTurn(rt, waitingSession(), 'expired', message('new topic'));
    expect(plan.history.map((m) => m.role)).toEqual(['user', 'model', 'tool', 'user']);
    expect(plan.history[2]?.content[0]).toMatchObject({ toolResponse: { name: 'guarded', ref: 'g' } });
  });
});

describe('sessionBusy', () => {
  it('asks for at least the given wait when the lease lapses sooner', () => {
    const session = { ...cutShortSession(), lease: { id: 'l', expiresAt: NOW + 100 } };
    expect(sessionBusy(session, NOW, 1_000).details?.retryAfterMs).toBe(1_000);
    expect(sessionBusy(session, NOW).details?.retryAfterMs).toBe(100);
  });

  it('asks for a short poll, not the lease’s end, when the running turn renews its lease', () => {
    const renewed = {
      ...cutShortSession(),
      status: 'running' as const,
      updatedAt: NOW - 1_000,
      lease: { id: 'l', expiresAt: NOW + 11_000 },
    };
    expect(sessionBusy(renewed, NOW).details?.retryAfterMs).toBe(RUNNING_TURN_POLL_MS);
  });

  it('asks to come back when the lease lapses when the turn stopped renewing it', () => {
    const stale = {
      ...cutShortSession(),
      status: 'running' as const,
      updatedAt: NOW - 9_000,
      lease: { id: 'l', expiresAt: NOW + 3_000 },
    };
    expect(sessionBusy(stale, NOW).details?.retryAfterMs).toBe(3_000);
  });
});
