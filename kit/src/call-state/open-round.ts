import { type Message, toolRequestsOf } from '../model/index.js';

/**
 * The open round of a history: its last message, when that is the model's and asks for tools that
 * have no responses yet (an interrupted turn, or one cut short). The one place a round is found open.
 */
export function openRoundOf(history: readonly Message[]): Message | undefined {
  const last = history.at(-1);
  return last?.role === 'model' && toolRequestsOf(last).length > 0 ? last : undefined;
}
