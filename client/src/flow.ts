import type {
  Approval,
  ApprovalResult,
  ClientPart,
  MessageResult,
  QueuedResult,
  Resume,
  StopResult,
  WireChunk,
  WireRequest,
  WithdrawResult,
} from '@callable-flows/protocol';
import { EFFECTS_NOTE_KEY } from '@callable-flows/protocol/session-doc';
import { type Functions, httpsCallable } from 'firebase/functions';
import { approvalCall } from './approval-call.js';
import { snapshotBefore } from './branch-view.js';
import { FlowError } from './flow-error.js';
import type { FlowStream } from './flow-stream.js';
import { flowStream } from './flow-stream.js';
import type {
  FlowChunk,
  FlowInterrupt,
  FlowResult,
  FlowTypes,
  InputEdit,
  InterruptInput,
  InterruptName,
  InterruptOutput,
  SendResult,
} from './flow-types.js';
import { type ApprovalDecision, answering, approval, declining } from './interrupt-replies.js';
import { newRequestId } from './request-id.js';
import { abortableSleep, type RetryContext, retried } from './retried.js';
import type { RetryPolicy } from './retry-policy.js';
import { newSessionId } from './session-id.js';
import type { SessionView } from './session-view.js';
import { callTurn, delivering, type TurnRequest, turnResult } from './turn-call.js';
import { versionedCallable } from './versioned-callable.js';
import type { WatchedMessage } from './watched-message.js';
import type { WireCallable } from './wire-callable.js';

/** Options of one call. */
export interface CallOptions<T extends FlowTypes = FlowTypes> {
  /** The idempotency key of this logical call. Default: a fresh one, kept across its retries. */
  requestId?: string;
  /** Gives up the call (and its retries). */
  signal?: AbortSignal;
  /** Streams the call: each chunk arrives here as the function sends it. */
  onChunk?: (chunk: FlowChunk<T>) => void;
}

/** Options of `send` and `stream`. */
export interface SendOptions<T extends FlowTypes = FlowTypes> extends CallOptions<T> {
  /**
   * The conversation to continue, or to start under this id (a session that does not exist yet is
   * created, owned by the caller). Default: the one this client's last call ran in; `null` (or no
   * call yet) starts a new one under a new random id ({@link newSessionId}), which `sessionId`
   * tells at once.
   */
  sessionId?: string | null;
}

/** Options of {@link flow}. */
export interface FlowClientOptions {
  /** How unavailable and busy calls are retried. */
  retry?: RetryPolicy;
  /** Client-side timeout of one attempt. Default 150 s (a function's own limit is 120 s). */
  timeoutMs?: number;
  /** Waits between retries (tests pass a fake clock). Default: a timer. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The options of a stop: a call's, and the client that asks (a device or tab id of the app's choosing). */
export type StopOptions<T extends FlowTypes = FlowTypes> = Omit<CallOptions<T>, 'onChunk'> & { clientId?: string };
/** Options of {@link FlowClient.withdraw}: its cancellation signal. */
export type WithdrawOptions = Pick<CallOptions, 'signal'>;

/** A typed handle on one deployed agent function. */
export interface FlowClient<T extends FlowTypes = FlowTypes> {
  /**
   * The session of the last call (what `send` continues), or undefined before the first. A new
   * conversation's id is set as soon as its first message is sent, known while its first turn runs.
   */
  readonly sessionId: string | undefined;
  /**
   * Sends a user message; resolves to the turn's result, or to `queued` when the agent queues
   * messages (`whileBusy: 'queue'`, declared in `T`) and a turn runs: the message is then answered on the server
   * after the turns before it. Follow it with `watch` (its `queued`, then its answer), or send
   * it again with the same `requestId` (`queued` while it waits, its turn's result once it ran).
   */
  send(message: string | ClientPart[], options?: SendOptions<T>): Promise<SendResult<T>>;
  /** Sends a user message and streams the turn. */
  stream(message: string | ClientPart[], options?: Omit<SendOptions<T>, 'onChunk'>): FlowStream<T>;
  /**
   * Approves an interrupt: its tool runs again, now approved (resume `restart`), as it was shown
   * (its `inputDigest` goes with it), or with a person's edit of the fields its tool lets them edit.
   */
  approve<N extends InterruptName<T>>(
    interrupt: FlowInterrupt<T, N>,
    options?: CallOptions<T> & { replaceInput?: InputEdit<InterruptInput<T, N>>; metadata?: Record<string, unknown> },
  ): Promise<FlowResult<T>>;
  /**
   * Declines an interrupt: its tool never runs, and the model is told why (resume `decline`).
   * No digest goes with it: a no stands whatever the call now holds.
   */
  decline(interrupt: FlowInterrupt<T>, reason?: string, options?: CallOptions<T>): Promise<FlowResult<T>>;
  /** Answers an interrupt with its tool's output (resume `respond`, with its `inputDigest`): for questions such as "which address?". */
  answer<N extends InterruptName<T>>(
    interrupt: FlowInterrupt<T, N>,
    output: InterruptOutput<T, N>,
    options?: CallOptions<T>,
  ): Promise<FlowResult<T>>;
  /**
   * Answers, as an approver, a call of the approvals inbox (`watchApprovals`): `approve` runs it as
   * it was shown (its `inputDigest` goes with it), `respond` answers its question (an MCP server's
   * form, filled in: `metadata.elicitation`), `decline` refuses it, with the person's reason.
   * Resolves to the calls answered, and nothing of the conversation; the turn goes on on the server
   * as the session owner's. Refused `NOT_ALLOWED` when the tool's approvers don't admit the caller,
   * `ALREADY_ANSWERED` (or `NOT_ALLOWED`) when someone answered first.
   */
  answerApproval(
    approval: Approval,
    decision: ApprovalDecision,
    options?: Omit<CallOptions<T>, 'onChunk'>,
  ): Promise<ApprovalResult>;
  /** Answers several interrupts of one session at once, in the wire protocol's own terms. */
  resume(sessionId: string, resume: Resume, options?: CallOptions<T>): Promise<FlowResult<T>>;
  /**
   * Stops the turn running on a session, from this device or any other of its owner's: what
   * finished is kept, the session is free at once. `stopped` once the turn gave the session up,
   * `stopping` if it had not yet (it will: `watch` shows it). Retried with the same request id;
   * refused `NOTHING_TO_STOP` when no turn runs. `clientId` names this device or tab in the
   * session's record of who stopped the turn (`SessionView.outcome.stoppedBy`).
   */
  stop(sessionId: string, options?: StopOptions<T>): Promise<StopResult>;
  /**
   * Takes back a message queued on a session (`queued` answer, or `SessionView.queued`) before it
   * runs, from this device or any other of its owner's: `withdrawn`, and it never runs. Refused
   * `ALREADY_RUNNING` once its turn began, `NOT_QUEUED` when no such message waits. Retried while
   * the function is unavailable (a retry of a withdraw that landed is told `NOT_QUEUED`).
   */
  withdraw(sessionId: string, requestId: string, options?: WithdrawOptions): Promise<WithdrawResult>;
  /**
   * Edits user message `messageIndex` of the branch `view` shows: the session goes on, on a new
   * branch, from the snapshot whose history ends before that message (`snapshotId`), with
   * `message` instead (the first message: from the root snapshot, an empty conversation). The old
   * branch stays readable (`view.versions`, `showBranch`). Refused before any call:
   * `SNAPSHOT_NOT_FOUND` when that snapshot is no longer kept, `invalid-argument` when the message
   * is not a user's (`canEdit(view, index)` says beforehand).
   */
  editMessage(
    view: SessionView<T>,
    messageIndex: number,
    message: string | ClientPart[],
    options?: CallOptions<T>,
  ): Promise<FlowResult<T>>;
  /**
   * Asks again: the last user message of the branch `view` shows is sent again, as it was, from
   * the snapshot before it, on a new branch (as `editMessage` with the same words).
   */
  regenerate(view: SessionView<T>, options?: CallOptions<T>): Promise<FlowResult<T>>;
  /** Forgets the current session: the next `send` starts a new conversation. */
  reset(): void;
}

/** The parts of stored user message `message` a client may send again (the kit's notes left out). */
function resendable(message: WatchedMessage): ClientPart[] {
  return message.content.flatMap((part): ClientPart[] => {
    if (part.metadata?.[EFFECTS_NOTE_KEY]) return [];
    const raw = part as Record<string, unknown>;
    if (typeof part.text === 'string') return [{ text: part.text }];
    if (raw.media) return [{ media: raw.media as Extract<ClientPart, { media: unknown }>['media'] }];
    return 'data' in raw ? [{ data: raw.data }] : [];
  });
}

/** The index of the last user message of `view`'s shown branch. */
function lastUserIndex<T extends FlowTypes>(view: SessionView<T>): number {
  const index = view.messages.findLastIndex((m) => m.role === 'user');
  if (index < 0) throw new FlowError('failed-precondition', `session '${view.id}' has no user message to send again`);
  return index;
}

/** The stop request for session `sessionId`, under its own request id (kept across its retries). */
const stopRequest = (sessionId: string, call: StopOptions): WireRequest => ({
  sessionId,
  stop: true,
  requestId: call.requestId ?? newRequestId(),
  ...(call.clientId ? { clientId: call.clientId } : {}),
});

/** A client on any {@link WireCallable}: the transport `flow` uses, open for `httpsCallableFromURL` or tests. */
export function flowClient<T extends FlowTypes = FlowTypes>(
  transport: WireCallable,
  options: FlowClientOptions = {},
): FlowClient<T> {
  const callable = versionedCallable(transport);
  const context = (call: CallOptions<T>): RetryContext => ({
    policy: options.retry ?? {},
    sleep: options.sleep ?? abortableSleep,
    signal: call.signal,
  });
  let current: string | undefined;

  async function run(request: TurnRequest, call: CallOptions<T>): Promise<FlowResult<T> | QueuedResult> {
    const sent: TurnRequest = { ...request, requestId: call.requestId ?? newRequestId() };
    // Once a chunk has reached the caller, a retry would show it twice (or, answered from the
    // stored result, not stream at all): the failure goes to the caller instead.
    const seen = delivering(call.onChunk);
    const once = () => callTurn<T>(callable, sent, seen.onChunk, call.signal);
    const result = await retried(once, context(call), seen.delivered);
    current = result.sessionId;
    return result;
  }

  // A message always names its session: a new conversation's id is made here, so the app knows it
  // (to show, watch or stop the turn) before the turn runs, and a retry goes to the same session.
  // An id the app named becomes the client's session once a call answers from it (another user's is refused).
  const messageRequest = (message: string | ClientPart[], options: SendOptions<T>): TurnRequest => {
    const named = options.sessionId === null ? undefined : (options.sessionId ?? current);
    if (named !== undefined) return { sessionId: named, message };
    current = newSessionId();
    return { sessionId: current, message };
  };
  const send = (request: TurnRequest, call: CallOptions<T>) => run(request, call) as Promise<SendResult<T>>;

  const client: FlowClient<T> = {
    get sessionId() {
      return current;
    },
    send: (message, options = {}) => send(messageRequest(message, options), options),
    stop(sessionId, options = {}) {
      const request = stopRequest(sessionId, options);
      return retried(async () => (await callable(request)).data as StopResult, context(options));
    },
    withdraw(sessionId, requestId, options = {}) {
      const request: WireRequest = { sessionId, withdraw: requestId };
      return retried(async () => (await callable(request)).data as WithdrawResult, context(options));
    },
    stream(message, options = {}) {
      const request = messageRequest(message, options);
      return flowStream<T>(request.sessionId, (onChunk) => send(request, { ...options, onChunk }));
    },
    approve: (interrupt, { replaceInput, metadata, ...call } = {}) =>
      client.resume(interrupt.sessionId, approval(interrupt, replaceInput, metadata), call),
    decline: (interrupt, reason, call = {}) => client.resume(interrupt.sessionId, declining(interrupt, reason), call),
    answer: (interrupt, output, options = {}) =>
      client.resume(interrupt.sessionId, answering(interrupt, output), options),
    resume: (sessionId, resume, options = {}) => run({ sessionId, resume }, options).then(turnResult),
    async editMessage(view, index, message, options = {}) {
      const snapshotId = snapshotBefore(view, index).id;
      return run({ sessionId: view.id, message, snapshotId }, options).then(turnResult);
    },
    async regenerate(view, options = {}) {
      const index = lastUserIndex(view);
      return client.editMessage(view, index, resendable(view.messages[index] as WatchedMessage), options);
    },
    answerApproval: (inbox, decision, call = {}) =>
      retried(approvalCall(callable, inbox, decision, call), context(call)),
    reset() {
      current = undefined;
    },
  };
  return client;
}

/**
 * A typed client of the agent function `name`: `flow(getFunctions(app), 'orderAssistant')`.
 * Each call gets a request id and is retried safely (same id, bounded backoff) while the
 * function is unavailable or the session busy; failures are {@link FlowError}s.
 */
export function flow<T extends FlowTypes = FlowTypes>(
  functions: Functions,
  name: string,
  options: FlowClientOptions = {},
): FlowClient<T> {
  const callable = httpsCallable<WireRequest, MessageResult, WireChunk>(functions, name, {
    timeout: options.timeoutMs ?? 150_000,
  });
  return flowClient<T>(callable, options);
}
