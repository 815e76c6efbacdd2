import type { TurnOutcome, TurnState } from './session-schema.js';
import type { StopRecord } from './turn-stops.js';

/** How a turn ended, with what its outcome records of it. */
export type TurnEnd =
  | { kind: 'done' | 'interrupted' | 'expired' }
  | { kind: 'stopped'; stop: StopRecord; ownerUid: string }
  | { kind: 'failed'; failure: { code: string; reason?: string } };

/**
 * The outcome the write that ends `turn` at `at` stores: the one place an outcome is made, so a
 * client reads every end (done, interrupted, stopped by whom and when, failed, expired) the same way.
 */
export function turnOutcome(turn: TurnState | undefined, at: number, end: TurnEnd): TurnOutcome {
  const outcome: TurnOutcome = { kind: end.kind, at };
  if (turn?.requestId !== undefined) outcome.requestId = turn.requestId;
  if (end.kind === 'stopped') {
    const { stop } = end;
    outcome.stoppedBy = { uid: stop.uid ?? end.ownerUid, at: stop.at };
    if (stop.requestId !== undefined) outcome.stoppedBy.requestId = stop.requestId;
    if (stop.clientId !== undefined) outcome.stoppedBy.clientId = stop.clientId;
  }
  if (end.kind === 'failed') outcome.failure = { ...end.failure };
  return outcome;
}
