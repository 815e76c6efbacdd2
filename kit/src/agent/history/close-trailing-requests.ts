import {
  type CallState,
  callStateOf,
  clearStamps,
  isRecorded,
  openRoundOf,
  recordedResponse,
  stampResolved,
} from '../../call-state/index.js';
import { KitError } from '../../errors/index.js';
import { toolErrorResponse } from '../../generate/index.js';
import type { Message, Part, ToolRequestPart, ToolResponsePart } from '../../model/index.js';
import type { SessionStatus } from '../../session/index.js';

/**
 * Why an open round is closed without going on: its approvals expired, its turn failed, it hit
 * its limit, the user stopped it (a `stop`), or a new message came while a call of it waited whose
 * tool a deploy changed so that it can no longer run (`tool-changed`).
 */
export type ClosingReason = 'expired' | 'cut-short' | 'stopped' | 'user-stop' | 'tool-changed';

type Words = [code: 'deadline-exceeded' | 'aborted', message: string];

// A call with no recorded result may have run (the journal stores its request before it starts and
// its result after it ends): the model is told what is known, never that it did not run.
const UNFINISHED: Words = [
  'aborted',
  'the turn failed before this call finished: whether it ran is unknown, and it was not retried',
];

// Stopped while its round ran: the call may have started, so "not run" would be a guess.
const USER_STOPPED: Words = [
  'aborted',
  'stopped by the user before this call finished: whether it ran is unknown, and it was not retried',
];

// Not run: the turn stopped at its limit of tool rounds before this call.
const SKIPPED: Words = ['aborted', 'the turn reached its limit of tool rounds before this call ran: it was not run'];

const MOVED_ON: Words = ['aborted', 'the user moved on without answering: the call was not run'];

/** What the model is told of a call nobody answered, and of one that may have run, by why the round closes. */
const WORDS: Record<ClosingReason, { waiting: Words; unfinished: Words }> = {
  expired: {
    waiting: ['deadline-exceeded', 'the person did not answer in time: the approval expired and the call was not run'],
    unfinished: UNFINISHED,
  },
  'cut-short': { waiting: MOVED_ON, unfinished: UNFINISHED },
  stopped: { waiting: MOVED_ON, unfinished: UNFINISHED },
  'user-stop': { waiting: ['aborted', 'stopped by the user: the call was not run'], unfinished: USER_STOPPED },
  // The calls that still could have run were left by the user's new message, as any other round is.
  'tool-changed': { waiting: MOVED_ON, unfinished: UNFINISHED },
};

/** What the model is told of a waiting call whose tool changed: the kit closed it, and it did not run. */
const TOOL_CHANGED_WORDS = 'the tool changed; it was not run';

// Where the round's turn stands, by why it closes: a turn stopped at its limit ran none of its
// last round's calls (the session was left idle); any other end may have cut a call short.
const TURN: Record<ClosingReason, SessionStatus> = {
  expired: 'expired',
  'cut-short': 'failed',
  stopped: 'idle',
  'user-stop': 'failed',
  // Only an interrupted round is closed so: its calls either wait or have their results recorded.
  'tool-changed': 'interrupted',
};

const NONE: ReadonlySet<string> = new Set();

function wordsFor(state: CallState, reason: ClosingReason): Words {
  if (state.kind === 'waiting') return WORDS[reason].waiting;
  return state.kind === 'skipped' ? SKIPPED : WORDS[reason].unfinished;
}

/**
 * The response that closes the waiting call `request` whose tool changed: the tool error the
 * model reads, with its reason, so a client's view shows the call as not run for that reason.
 */
function toolChangedResponse(request: ToolRequestPart['toolRequest']): ToolResponsePart {
  const response = toolErrorResponse(request, new KitError('failed-precondition', TOOL_CHANGED_WORDS));
  return { ...response, metadata: { toolError: { code: 'failed-precondition', reason: 'TOOL_CHANGED' } } };
}

/**
 * Ends a history whose last model message is an open round (approvals that expired, a turn cut
 * short by a failure, one stopped by `maxTurns`) by answering each call honestly: a call that
 * ran keeps its recorded response; a call nobody answered was not run; a call that may have
 * started but left no result is said to be unknown, never "not run"; a waiting call in `changed`
 * (by ref: its tool changed so that it can no longer run) is told so, and that it was not run.
 * The history then takes a new user message.
 */
export function closeTrailingRequests(
  history: readonly Message[],
  reason: ClosingReason,
  changed: ReadonlySet<string> = NONE,
): Message[] {
  const last = openRoundOf(history);
  if (!last) return [...history];
  const responses: ToolResponsePart[] = [];
  const content = last.content.map((part): Part => {
    if (!('toolRequest' in part)) return part;
    const state = callStateOf(part, TURN[reason]);
    if (isRecorded(state)) {
      responses.push(recordedResponse(part) as ToolResponsePart);
      return clearStamps(part);
    }
    if (state.kind === 'waiting' && part.toolRequest.ref !== undefined && changed.has(part.toolRequest.ref)) {
      responses.push(toolChangedResponse(part.toolRequest));
      return stampResolved(part);
    }
    const [code, words] = wordsFor(state, reason);
    responses.push(toolErrorResponse(part.toolRequest, new KitError(code, words)));
    return state.kind === 'waiting' ? stampResolved(part) : clearStamps(part);
  });
  const model: Message = { ...last, content };
  const tool: Message = { role: 'tool', content: responses };
  return [...history.slice(0, -1), model, tool];
}
