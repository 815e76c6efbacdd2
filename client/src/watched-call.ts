import { type CallState, callStateOf } from '@callable-flows/protocol/call-state';
import type { SessionStatus } from '@callable-flows/protocol/session-doc';
import type { WatchedMessage } from './watched-message.js';

/**
 * A call of the session's open round (its last message, the model's, whose calls have no
 * responses yet) and where it stands: `running` while its turn runs, `unknown` when the turn
 * ended without its result (it may have run), `skipped` when the turn stopped at its limit
 * before it; `waiting`, `approved`, `answered`, `declined`, `done` or `failed` by its stamps.
 */
export interface WatchedCall {
  ref: string;
  name: string;
  state: CallState;
}

/** The calls of the open round of `messages`, each where it stands in a session of status `status`. */
export function openCallsOf(messages: readonly WatchedMessage[], status: SessionStatus): WatchedCall[] {
  const last = messages.at(-1);
  if (last?.role !== 'model') return [];
  const calls: WatchedCall[] = [];
  for (const part of last.content) {
    const request = part.toolRequest;
    if (request) calls.push({ ref: request.ref ?? '', name: request.name, state: callStateOf(part, status) });
  }
  return calls;
}
