import type { TurnOutcome } from '@callable-flows/client';

/** What the page says of a stopped turn. */
export const STOPPED_WORDS = 'Stopped. What was already done is kept.';

/**
 * True when the session's last turn was stopped, from this tab or any other of its owner's: the
 * session's stored outcome says so (the kit writes it in the write that ends the turn, and the
 * next turn's first write clears it), never a guess from how the history ends.
 */
export function stoppedTurn(outcome: TurnOutcome | undefined): boolean {
  return outcome?.kind === 'stopped';
}
