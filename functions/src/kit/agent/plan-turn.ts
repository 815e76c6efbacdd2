import { isDeepStrictEqual } from 'node:util';
import { KitError } from '../errors/index.js';
import { markChecked, type ResumeOptions } from '../generate/index.js';
import { type Message, toolRequestsOf } from '../model/index.js';
import type { LedgerEntry } from '../session/ledger-entry.js';
import { inputHash, ledgerKey } from '../session/ledger-key.js';
import type { Session, TurnState } from '../session/session-schema.js';
import type { Standing } from '../session/session-standing.js';
import type { AgentInput } from './agent.js';
import type { AgentRuntime } from './agent-runtime.js';
import { buildResume } from './build-resume.js';
import { closeTrailingRequests } from './close-trailing-requests.js';

/** How a call goes on with a session: a new turn, the resume of an interrupted one, or the retry of one cut short. */
export type TurnKind = 'message' | 'resume' | 'retry';

/** What the lease write stores, and how the turn then runs. */
export interface TurnPlan {
  kind: TurnKind;
  history: Message[];
  turn: TurnState;
  turns: number;
  resume?: ResumeOptions;
}

/** What one call asks. */
export interface TurnRequest {
  input: AgentInput;
  /** The new user message, already checked. */
  message: Message | undefined;
  requestId: string | undefined;
  now: number;
}

function withRequestId(turn: TurnState, kind: TurnState['kind'], requestId: string | undefined): TurnState {
  const { requestId: _old, ...rest } = turn;
  return requestId === undefined ? { ...rest, kind } : { ...rest, kind, requestId };
}

/** Starts a new user turn with `message` after `history`. */
function newTurn(session: Session, history: Message[], message: Message, request: TurnRequest): TurnPlan {
  const turn: TurnState = {
    seq: session.turns,
    kind: 'message',
    start: history.length,
    ledger: [],
    startedAt: request.now,
  };
  if (request.requestId !== undefined) turn.requestId = request.requestId;
  return { kind: 'message', history: [...history, markChecked(message)], turn, turns: session.turns + 1 };
}

/** True when a call repeats the turn that was cut short (same request id, or same message without ids). */
function isRetryOf(session: Session, request: TurnRequest): boolean {
  const turn = session.turn;
  if (!turn) return false;
  // A resume can only repeat a resume: its interrupts were answered before the turn was cut short.
  if (request.input.resume) return turn.kind === 'resume';
  if (request.requestId !== undefined || turn.requestId !== undefined) return request.requestId === turn.requestId;
  return turn.kind === 'message' && isDeepStrictEqual(session.history[turn.start]?.content, request.message?.content);
}

/** The ledger results of the calls a cut-short turn left without responses, by ref. */
export async function trailingLedger(rt: AgentRuntime, session: Session): Promise<Map<string, LedgerEntry['result']>> {
  const turn = session.turn;
  const requests = toolRequestsOf(session.history.at(-1));
  const byKey = new Map<string, string>();
  for (const { toolRequest: r } of requests) {
    const parts = {
      sessionId: session.id,
      turn: turn?.seq ?? 0,
      name: r.name,
      ref: r.ref ?? '',
      inputHash: inputHash(r.input),
    };
    const key = ledgerKey(parts);
    if (turn?.ledger.includes(key)) byKey.set(key, r.ref ?? '');
  }
  const found = await rt.store.readLedger([...byKey.keys()]);
  return new Map([...found].map(([key, entry]) => [byKey.get(key) as string, entry.result]));
}

/**
 * Decides what a call does with a session in its standing, and what the lease write stores.
 * The user message is part of that first write, so it is never lost.
 */
export async function planTurn(
  rt: AgentRuntime,
  session: Session,
  standing: Standing,
  request: TurnRequest,
): Promise<TurnPlan> {
  const { id } = session;
  if (standing === 'held') {
    throw new KitError('aborted', `session '${id}' is busy with another call; retry when it is done`);
  }
  const { message } = request;
  const resume = request.input.resume;
  if (standing === 'incomplete' && isRetryOf(session, request) && session.turn) {
    const turn = withRequestId(session.turn, session.turn.kind, request.requestId ?? session.turn.requestId);
    return { kind: 'retry', history: session.history, turn, turns: session.turns };
  }
  if (resume) {
    if (standing === 'expired') {
      throw new KitError('failed-precondition', `the approval expired: session '${id}' no longer waits for an answer`);
    }
    if (standing !== 'interrupted') {
      throw new KitError('failed-precondition', `nothing to resume: session '${id}' is not waiting for an answer`);
    }
    const options = buildResume(session.interrupts, resume, rt.toolMap);
    const base = session.turn ?? {
      seq: Math.max(0, session.turns - 1),
      kind: 'message',
      start: 0,
      ledger: [],
      startedAt: request.now,
    };
    const turn = withRequestId(base, 'resume', request.requestId);
    return { kind: 'resume', history: session.history, turn, turns: session.turns, resume: options };
  }
  if (!message) throw new KitError('invalid-argument', 'a call carries a message or a resume');
  if (standing === 'interrupted') {
    throw new KitError('failed-precondition', `session '${id}' waits for answers to its interrupts: resume it first`, {
      details: { interrupts: session.interrupts.map((p) => ({ ref: p.toolRequest.ref, name: p.toolRequest.name })) },
    });
  }
  if (standing === 'expired')
    return newTurn(session, closeTrailingRequests(session.history, 'expired'), message, request);
  if (standing === 'incomplete') {
    const closed = closeTrailingRequests(session.history, 'cut-short', await trailingLedger(rt, session));
    return newTurn(session, closed, message, request);
  }
  // A turn stopped by maxTurns left the model's last requests unanswered: answer them first.
  return newTurn(session, closeTrailingRequests(session.history, 'stopped'), message, request);
}
