import type { RunningTurn } from '@callable-flows/protocol';
import { callStateOf, openRoundOf } from '../../call-state/index.js';
import { toolRequestsOf } from '../../model/index.js';
import type { Session } from '../session-schema.js';

/**
 * The session document's `running` field (the protocol's `RunningTurnSchema`): what the turn
 * that holds the lease does, derived from what the journal has written. A model message whose
 * calls have no recorded result yet means those calls run (`tools`); anything else means the
 * model is called next (`model`). Derived on every write the journal already makes, so a
 * watcher sees each step with no write of its own; null when no turn holds the lease.
 */
export function runningTurnField(session: Session): RunningTurn | null {
  if (session.status !== 'running' || !session.lease) return null;
  const refs: string[] = [];
  for (const part of toolRequestsOf(openRoundOf(session.history))) {
    const { kind } = callStateOf(part);
    if (kind === 'running' || kind === 'approved') refs.push(part.toolRequest.ref ?? '');
  }
  return { step: refs.length ? 'tools' : 'model', refs };
}
