import { isDeepStrictEqual } from 'node:util';
import { openRoundOf } from '../../call-state/index.js';
import { KitError } from '../../errors/index.js';
import { applyResume, changedCallsOf, nothingToResume, repliesOfRequest } from '../../generate/index.js';
import type { Message } from '../../model/index.js';
import type { Session, Standing, TurnState } from '../../session/index.js';
import { pendingInterruptsOf } from '../call-records/index.js';
import { type ClosingReason, closeTrailingRequests, closeUnansweredMessage } from '../history/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { ClientTurnRequest, TurnPlan } from '../turn/index.js';
import { withEffectsNote } from './effects-note.js';
import type { Fork } from './gate-fork.js';
import type { GatedResume } from './gate-resume.js';

function withRequestId(turn: TurnState, kind: TurnState['kind'], requestId: string | undefined): TurnState {
  const { requestId: _old, ...rest } = turn;
  return requestId === undefined ? { ...rest, kind } : { ...rest, kind, requestId };
}

/**
 * Starts a new user turn with `message`, after what the last turn left open is closed for `reason`:
 * its open round's calls answered honestly, or its message the model never answered said so.
 */
function newTurn(
  session: Session,
  reason: ClosingReason,
  message: Message,
  request: ClientTurnRequest,
  changed?: ReadonlySet<string>,
): TurnPlan {
  const history = closeUnansweredMessage(closeTrailingRequests(session.history, reason, changed), reason);
  const turn: TurnState = { seq: session.turns, kind: 'message', start: history.length, startedAt: request.now };
  if (request.requestId !== undefined) turn.requestId = request.requestId;
  return { kind: 'message', history: [...history, message], turn, turns: session.turns + 1 };
}

/**
 * A new user turn on a new branch: the history as of the snapshot, its open round (if it was
 * interrupted) closed as a round the user moved on from, the message told what ran elsewhere.
 */
function forkTurn(session: Session, fork: Fork, message: Message, request: ClientTurnRequest): TurnPlan {
  const plan = newTurn({ ...session, history: fork.base }, 'stopped', withEffectsNote(message, fork.effects), request);
  const { base, branches, state, summary } = fork;
  return { ...plan, fork: { base, branches, state, summary } };
}

/** True when a message repeats the message turn that was cut short (same request id, or same message without ids). */
function isRetryOf(session: Session, request: { message: Message; requestId: string | undefined }): boolean {
  const turn = session.turn;
  if (turn?.kind !== 'message') return false;
  if (request.requestId !== undefined || turn.requestId !== undefined) return request.requestId === turn.requestId;
  return isDeepStrictEqual(session.history[turn.start]?.content, request.message.content);
}

/**
 * How soon a caller refused by a running turn should look again. The turn renews its lease while
 * it runs, so the lease's end says nothing about the turn's; most turns end within a second
 * (a model call or two): a short poll finds the session free far sooner. (`watch` tells the end at once.)
 */
export const RUNNING_TURN_POLL_MS = 500;

/**
 * The error of a lease another call holds, with when to come back: soon while its turn runs
 * (the lease is renewed, its end is no estimate), else when the lease lapses (a turn whose
 * instance died is taken over then).
 */
export function sessionBusy(session: Session, now: number, atLeastMs = 0): KitError {
  const lapsesIn = (session.lease?.expiresAt ?? now) - now;
  // A live turn writes (its heartbeat) every third of the lease: a lease written less than half
  // its length ago is being renewed; an older one is likely a dead instance's, lapsing.
  const running = session.status === 'running' && now - session.updatedAt <= lapsesIn;
  const retryAfterMs = Math.max(atLeastMs, running ? Math.min(RUNNING_TURN_POLL_MS, lapsesIn) : lapsesIn);
  return new KitError('aborted', `session '${session.id}' is busy with another call; retry when it is done`, {
    reason: 'SESSION_BUSY',
    details: { retryAfterMs },
  });
}

/**
 * The resume of a session whose history ends with an open round: the answers the gate resolved
 * (`gateResume`) are journaled on it now, in the turn's first write, so an answer once given is
 * final (the same answer again goes on from the journal; a different one is refused before
 * anything is written).
 */
function resumeTurn(rt: AgentRuntime, session: Session, gated: GatedResume, request: ClientTurnRequest): TurnPlan {
  const last = openRoundOf(session.history);
  if (!last) throw nothingToResume(session.history, session.id, gated.replies);
  const { replies, answeredBy } = gated;
  const answered = applyResume(last, replies, rt.toolMap, { history: session.history, fromClient: true, answeredBy });
  const history = [...session.history.slice(0, -1), answered];
  const base: TurnState = session.turn ?? {
    seq: Math.max(0, session.turns - 1),
    kind: 'message',
    start: 0,
    startedAt: request.now,
  };
  return { kind: 'resume', history, turn: withRequestId(base, 'resume', request.requestId), turns: session.turns };
}

/**
 * Decides what a client's call does with a session in its standing, and what the lease write stores.
 * The user message, or the resume's answers, are part of that first write, so they are never lost.
 */
export function planTurn(
  rt: AgentRuntime,
  session: Session,
  standing: Standing,
  request: ClientTurnRequest,
  gated?: GatedResume,
  fork?: Fork,
): TurnPlan {
  const { id } = session;
  if (standing === 'held') throw sessionBusy(session, request.now);
  if (request.kind === 'resume') {
    if (standing === 'expired') {
      throw new KitError('failed-precondition', `the approval expired: session '${id}' no longer waits for an answer`, {
        reason: 'APPROVAL_EXPIRED',
      });
    }
    if (standing === 'idle') throw nothingToResume(session.history, session.id, repliesOfRequest(request.resume));
    // Only the gate's replies are applied: a resume that did not pass it is a kit bug, not a call.
    if (!gated) throw new KitError('internal', 'a resume is planned only from the replies its gate resolved');
    return resumeTurn(rt, session, gated, request);
  }
  const { message } = request;
  // A new branch leaves the head as it stands (its waiting calls, a dead turn): it goes on from the snapshot.
  if (fork) return forkTurn(session, fork, message, request);
  if (standing === 'interrupted') {
    // A call a deploy changed so that it can no longer run would hold the session forever: the
    // message closes its round (that call told it was not run, the others that the user moved on).
    const last = openRoundOf(session.history);
    const changed = last ? changedCallsOf(last, rt.toolMap) : undefined;
    if (changed?.size) return newTurn(session, 'tool-changed', message, request, changed);
    throw new KitError('failed-precondition', `session '${id}' waits for answers to its interrupts: resume it first`, {
      reason: 'INTERRUPT_PENDING',
      // A sub-agent call's questions by their path refs, as the client answers them.
      details: { interrupts: session.interrupts.flatMap(pendingInterruptsOf).map(({ ref, name }) => ({ ref, name })) },
    });
  }
  if (standing === 'incomplete' && session.turn && isRetryOf(session, request)) {
    const turn = withRequestId(session.turn, 'message', request.requestId ?? session.turn.requestId);
    return { kind: 'retry', history: session.history, turn, turns: session.turns };
  }
  if (standing === 'expired') return newTurn(session, 'expired', message, request);
  if (standing === 'incomplete') {
    // A turn whose instance died after its owner stopped it ends as the stop asked: stopped by the user.
    return newTurn(session, request.deadTurnStop ? 'user-stop' : 'cut-short', message, request);
  }
  // A turn stopped by maxTurns (or a stop condition) left the model's last requests unanswered: answer them first.
  return newTurn(session, 'stopped', message, request);
}
