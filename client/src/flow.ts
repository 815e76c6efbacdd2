import type {
  CallResult,
  ClientPart,
  MessageResult,
  QueuedResult,
  Resume,
  StopResult,
  WireChunk,
  WireRequest,
} from '@callable-flows/protocol';
import { type Functions, httpsCallable } from 'firebase/functions';
import { ChunkQueue } from './chunk-queue.js';
import { FlowError, toFlowError } from './flow-error.js';
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
import { newRequestId } from './request-id.js';
import { isRetryable, type RetryPolicy, retryDelay } from './retry-policy.js';
import { newSessionId } from './session-id.js';

/** The transport: a Firebase `HttpsCallable` (from `httpsCallable` or `httpsCallableFromURL`) fits. */
export interface WireCallable {
  /**
   * A turn's request answers a {@link CallResult} (a message may be answered `queued`, a
   * {@link QueuedResult}); a stop's (`stop: true`) a {@link StopResult}.
   */
  (data: WireRequest): Promise<{ data: MessageResult | StopResult }>;
  stream(
    data: WireRequest,
    options?: { signal?: AbortSignal },
  ): Promise<{ stream: AsyncIterable<WireChunk>; data: Promise<MessageResult> }>;
}

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

/** A streamed call: iterate its chunks, await its result (both fail with the call's {@link FlowError}). */
export interface FlowStream<T extends FlowTypes = FlowTypes> extends AsyncIterable<FlowChunk<T>> {
  /** The session the message goes to, known before the turn runs (a new conversation's too): watch or stop it. */
  readonly sessionId: string;
  /** The turn's result, or `queued` (no chunks) when the agent queued the message behind a running turn. */
  readonly result: Promise<SendResult<T>>;
}

/** The options of a stop: a call's, and the client that asks (a device or tab id of the app's choosing). */
export type StopOptions<T extends FlowTypes = FlowTypes> = Omit<CallOptions<T>, 'onChunk'> & { clientId?: string };

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
  /** Forgets the current session: the next `send` starts a new conversation. */
  reset(): void;
}

const abortableSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** True when a message was queued behind a running turn rather than answered. */
export function isQueued<R extends { status: string }>(result: R | QueuedResult): result is QueuedResult {
  return result.status === 'queued';
}

function toResult<T extends FlowTypes>(wire: MessageResult): FlowResult<T> | QueuedResult {
  if (isQueued(wire)) return wire;
  const interrupts = wire.interrupts.map((i) => ({ ...i, sessionId: wire.sessionId })) as FlowInterrupt<T>[];
  return { ...wire, interrupts } as FlowResult<T>;
}

function toChunk<T extends FlowTypes>(chunk: WireChunk, sessionId: string): FlowChunk<T> {
  return (chunk.type === 'interrupt' ? { ...chunk, sessionId } : chunk) as FlowChunk<T>;
}

/** A turn's request: every one names its session (a message to a new conversation, the id the client made). */
type TurnRequest = Exclude<WireRequest, { stop: true }> & { sessionId: string };

/** A resume's result: an agent queues only messages, never the answers to its interrupts. */
function turnResult<T extends FlowTypes>(result: FlowResult<T> | QueuedResult): FlowResult<T> {
  if (isQueued(result)) throw new FlowError('internal', 'a resume was answered queued: only messages are queued');
  return result;
}

/** What a reply that acts on what the person was shown names: the interrupt, and the digest of its input when it came with one. */
function replyTo(interrupt: FlowInterrupt): { ref: string; name: string; inputDigest?: string } {
  const { ref, name, inputDigest } = interrupt;
  return inputDigest === undefined ? { ref, name } : { ref, name, inputDigest };
}

/** A client on any {@link WireCallable}: the transport `flow` uses, open for `httpsCallableFromURL` or tests. */
export function flowClient<T extends FlowTypes = FlowTypes>(
  callable: WireCallable,
  options: FlowClientOptions = {},
): FlowClient<T> {
  const policy = options.retry ?? {};
  const sleep = options.sleep ?? abortableSleep;
  let current: string | undefined;

  async function attempt(request: TurnRequest, call: CallOptions<T>): Promise<MessageResult> {
    const onChunk = call.onChunk;
    // A turn's request (never a stop) is answered with a turn's result (or `queued`).
    if (!onChunk) return (await callable(request)).data as MessageResult;
    const { stream, data } = await callable.stream(request, call.signal ? { signal: call.signal } : {});
    // A failed call rejects both; the stream's error is the one that reaches the caller.
    data.catch(() => undefined);
    for await (const chunk of stream) onChunk(toChunk<T>(chunk, request.sessionId));
    return await data;
  }

  async function run(request: TurnRequest, call: CallOptions<T>): Promise<FlowResult<T> | QueuedResult> {
    const sent: TurnRequest = { ...request, requestId: call.requestId ?? newRequestId() };
    const maxAttempts = Math.max(1, policy.maxAttempts ?? 4);
    // Once a chunk has reached the caller, a retry would show it twice (or, answered from the
    // stored result, not stream at all): the failure goes to the caller instead.
    let delivered = false;
    const onChunk = call.onChunk;
    const counted: CallOptions<T> = onChunk
      ? {
          ...call,
          onChunk: (chunk) => {
            delivered = true;
            onChunk(chunk);
          },
        }
      : call;
    for (let n = 1; ; n++) {
      try {
        const result = toResult<T>(await attempt(sent, counted));
        current = result.sessionId;
        return result;
      } catch (raw) {
        const error: FlowError = toFlowError(raw);
        if (!isRetryable(error) || delivered || n >= maxAttempts || call.signal?.aborted) throw error;
        await sleep(retryDelay(error, n, policy), call.signal);
      }
    }
  }

  async function stop(sessionId: string, call: StopOptions<T>): Promise<StopResult> {
    const requestId = call.requestId ?? newRequestId();
    const sent: WireRequest = {
      sessionId,
      stop: true,
      requestId,
      ...(call.clientId ? { clientId: call.clientId } : {}),
    };
    const maxAttempts = Math.max(1, policy.maxAttempts ?? 4);
    for (let n = 1; ; n++) {
      try {
        return (await callable(sent)).data as StopResult;
      } catch (raw) {
        const error = toFlowError(raw);
        if (!isRetryable(error) || n >= maxAttempts || call.signal?.aborted) throw error;
        await sleep(retryDelay(error, n, policy), call.signal);
      }
    }
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

  const client: FlowClient<T> = {
    get sessionId() {
      return current;
    },
    send: (message, options = {}) => run(messageRequest(message, options), options) as Promise<SendResult<T>>,
    stop: (sessionId, options = {}) => stop(sessionId, options),
    stream(message, options = {}) {
      const queue = new ChunkQueue<FlowChunk<T>>();
      const request = messageRequest(message, options);
      const result = run(request, {
        ...options,
        onChunk: (c) => queue.push(c),
      }) as Promise<SendResult<T>>;
      let failure: unknown;
      const settled = result.then(
        () => queue.close(),
        (error) => {
          failure = error;
          queue.close();
        },
      );
      return {
        sessionId: request.sessionId,
        result,
        async *[Symbol.asyncIterator]() {
          yield* queue;
          await settled;
          if (failure !== undefined) throw failure;
        },
      };
    },
    approve(interrupt, options = {}) {
      const { replaceInput, metadata, ...call } = options;
      const restart = {
        ...replyTo(interrupt),
        ...(replaceInput === undefined ? {} : { replaceInput }),
        ...(metadata === undefined ? {} : { metadata }),
      };
      return client.resume(interrupt.sessionId, { restart: [restart] }, call);
    },
    decline(interrupt, reason, options = {}) {
      const decline = { ref: interrupt.ref, name: interrupt.name, ...(reason === undefined ? {} : { reason }) };
      return client.resume(interrupt.sessionId, { decline: [decline] }, options);
    },
    answer(interrupt, output, options = {}) {
      return client.resume(interrupt.sessionId, { respond: [{ ...replyTo(interrupt), output }] }, options);
    },
    resume: (sessionId, resume, options = {}) => run({ sessionId, resume }, options).then(turnResult),
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
