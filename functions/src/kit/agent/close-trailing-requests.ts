import { KitError } from '../errors/index.js';
import {
  clearStamps,
  hasPendingOutput,
  isInterrupted,
  markChecked,
  pendingResponse,
  stampResolved,
  toolErrorResponse,
} from '../generate/index.js';
import { type Message, type Part, type ToolResponsePart, toolRequestsOf } from '../model/index.js';
import type { LedgerEntry } from '../session/ledger-entry.js';

/** Why a trailing call got no answer, told to the model in its tool response. */
export type ClosingReason = 'expired' | 'cut-short' | 'stopped';

const WORDS: Record<ClosingReason, [code: 'deadline-exceeded' | 'aborted', message: string]> = {
  expired: ['deadline-exceeded', 'the person did not answer in time: the approval expired and the call was not run'],
  'cut-short': ['aborted', 'the turn was cut short by a failure and the user moved on: this call may not have run'],
  stopped: ['aborted', 'the turn reached its limit of tool rounds before this call ran: it was not run'],
};

function recordedResponse(name: string, ref: string | undefined, known: LedgerEntry['result']): ToolResponsePart {
  const response: ToolResponsePart = { toolResponse: { name, output: known.output } };
  if (ref !== undefined) response.toolResponse.ref = ref;
  if (known.content) response.toolResponse.content = known.content;
  if (known.metadata) response.metadata = known.metadata;
  return response;
}

/**
 * Ends a history whose last model message still has tool requests without responses (an
 * expired interrupt, a turn cut short by a crash, or one stopped by `maxTurns`) by answering each: with the output it
 * already has (a pending output or a ledger entry, keyed by ref), else with an error the model
 * can read. The history then takes a new user message.
 */
export function closeTrailingRequests(
  history: readonly Message[],
  reason: ClosingReason,
  recorded: ReadonlyMap<string, LedgerEntry['result']> = new Map(),
): Message[] {
  const last = history.at(-1);
  if (last?.role !== 'model' || !toolRequestsOf(last).length) return [...history];
  const [code, words] = WORDS[reason];
  const responses: ToolResponsePart[] = [];
  const content = last.content.map((part): Part => {
    if (!('toolRequest' in part)) return part;
    const { name, ref } = part.toolRequest;
    const known = recorded.get(ref ?? '');
    if (hasPendingOutput(part)) responses.push(pendingResponse(part));
    else if (known) responses.push(recordedResponse(name, ref, known));
    else responses.push(toolErrorResponse(part.toolRequest, new KitError(code, words)));
    return isInterrupted(part) ? stampResolved(part, part.metadata?.interrupt) : clearStamps(part);
  });
  const model = markChecked({ ...last, content });
  const tool = markChecked({ role: 'tool', content: responses });
  return [...history.slice(0, -1), model, tool];
}
