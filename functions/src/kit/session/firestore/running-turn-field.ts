import type { RunningStep } from '@callable-flows/protocol';
import { callState } from '../../generate/index.js';
import { toolRequestsOf } from '../../model/index.js';
import type { Session } from '../session-schema.js';

/** The session document's `running` field as written (the protocol's `RunningTurnSchema`). */
export interface RunningTurnField {
  since: Date;
  kind: 'message' | 'resume';
  requestId: string | null;
  step: RunningStep;
  refs: string[];
}

/**
 * The running turn of `session` as its document shows it, derived from what the journal has
 * written: a model message whose calls have no recorded result yet means those calls run
 * (`tools`); anything else means the model is called next (`model`). Derived on every write
 * the journal already makes, so a watcher sees each step with no write of its own. Null when no
 * turn holds the lease.
 */
export function runningTurnField(session: Session): RunningTurnField | null {
  const turn = session.turn;
  if (session.status !== 'running' || !session.lease || !turn) return null;
  const last = session.history.at(-1);
  const refs: string[] = [];
  if (last?.role === 'model') {
    for (const part of toolRequestsOf(last)) {
      const state = callState(part);
      if (state === 'open' || state === 'approved') refs.push(part.toolRequest.ref ?? '');
    }
  }
  return {
    since: new Date(turn.startedAt),
    kind: turn.kind,
    requestId: turn.requestId ?? null,
    step: refs.length ? 'tools' : 'model',
    refs,
  };
}
