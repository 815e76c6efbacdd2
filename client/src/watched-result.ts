import { callStateOf, isRecorded, toolErrorOf } from '@callable-flows/protocol/call-state';
import { NOT_RUN_AGAIN_KEY, type SessionStatus } from '@callable-flows/protocol/session-doc';
import type { WatchedMessage } from './watched-message.js';

/** What a tool call of the conversation gave back. */
export interface WatchedResult {
  ref: string;
  name: string;
  output: unknown;
  /** True when the call ended in an error the kit recorded (it failed, or a stop or a cleanup ended it unfinished): `output` says what. */
  failed?: true;
  /** Set when the call did not run: another branch of the conversation ran it with the same input (`ref`: that call), and its result was given again. */
  notRunAgain?: { ref: string };
}

const resultOf = (ref: string, name: string, output: unknown, failed: boolean): WatchedResult =>
  failed ? { ref, name, output, failed: true } : { ref, name, output };

/** The call a result repeats, when it was answered from another branch's journal. */
function repeated(metadata: Record<string, unknown> | undefined): { notRunAgain?: { ref: string } } {
  const ran = metadata?.[NOT_RUN_AGAIN_KEY] as { ref?: unknown } | undefined;
  return typeof ran?.ref === 'string' ? { notRunAgain: { ref: ran.ref } } : {};
}

/**
 * The results of the calls of `messages` (a session of status `status`), in the order they were
 * stored: each tool response, and mid-turn the result stamped on a call's request until its turn
 * stores the round's responses. A call's stored response replaces its stamped result.
 */
export function resultsOf(messages: readonly WatchedMessage[], status: SessionStatus): WatchedResult[] {
  const results = new Map<string, WatchedResult>();
  for (const message of messages) {
    for (const part of message.content) {
      const request = part.toolRequest;
      if (message.role === 'model' && request) {
        const state = callStateOf(part, status);
        const ref = request.ref ?? request.name;
        if (isRecorded(state)) results.set(ref, resultOf(ref, request.name, state.output, state.kind === 'failed'));
      }
      const response = part.toolResponse;
      if (message.role === 'tool' && response) {
        const ref = response.ref ?? response.name;
        const result = resultOf(ref, response.name, response.output, toolErrorOf(part) !== undefined);
        results.set(ref, { ...result, ...repeated(part.metadata) });
      }
    }
  }
  return [...results.values()];
}
