import type { ApprovalResult, MessageResult, QueuedResult, WireChunk, WireRequest } from '@callable-flows/protocol';
import { FlowError } from './flow-error.js';
import type { FlowChunk, FlowInterrupt, FlowResult, FlowTypes } from './flow-types.js';
import type { WireCallable } from './wire-callable.js';

/** A turn's request: every one names its session (a message to a new conversation, the id the client made). */
export type TurnRequest = Exclude<WireRequest, { stop: true } | { withdraw: string }> & { sessionId: string };

/** True when a message was queued behind a running turn rather than answered. */
export function isQueued<R extends { status: string }>(result: R | QueuedResult): result is QueuedResult {
  return result.status === 'queued';
}

function toResult<T extends FlowTypes>(wire: MessageResult | ApprovalResult): FlowResult<T> | QueuedResult {
  if (isQueued(wire)) return wire;
  // Answered as an approver who is not the session's owner: there is no turn result to give.
  if (wire.status === 'answered') {
    throw new FlowError('failed-precondition', 'answered as an approver, not the owner: use answerApproval');
  }
  // A status added after this client was built: a typed failure the app can show, never a crash on its fields.
  if (wire.status !== 'done' && wire.status !== 'interrupted') {
    const status = String((wire as { status: unknown }).status);
    throw new FlowError('internal', `the server answered '${status}', which this client does not know: update the app`);
  }
  const interrupts = wire.interrupts.map((i) => ({ ...i, sessionId: wire.sessionId })) as FlowInterrupt<T>[];
  return { ...wire, interrupts } as FlowResult<T>;
}

// A chunk kind added after this client was built is ignored: the turn's result and the session's
// document carry what it was about (docs/reference.md, what an older client does).
const CHUNK_TYPES: Record<WireChunk['type'], true> = {
  text: true,
  reasoning: true,
  toolRequest: true,
  toolResponse: true,
  interrupt: true,
  artifact: true,
  state: true,
};

/** True when this client knows `chunk`'s kind. */
export const isKnownChunk = (chunk: { type?: unknown }): chunk is WireChunk =>
  typeof chunk.type === 'string' && Object.hasOwn(CHUNK_TYPES, chunk.type);

function toChunk<T extends FlowTypes>(chunk: WireChunk, sessionId: string): FlowChunk<T> {
  return (chunk.type === 'interrupt' ? { ...chunk, sessionId } : chunk) as FlowChunk<T>;
}

/**
 * One attempt of turn `request` on `callable`: streamed to `onChunk` when given (each interrupt
 * chunk names its session), else one plain call; its result, its interrupts naming their session.
 */
export async function callTurn<T extends FlowTypes>(
  callable: WireCallable,
  request: TurnRequest,
  onChunk: ((chunk: FlowChunk<T>) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<FlowResult<T> | QueuedResult> {
  // A turn's request (never a stop) is answered with a turn's result (or `queued`).
  if (!onChunk) return toResult<T>((await callable(request)).data as MessageResult | ApprovalResult);
  const { stream, data } = await callable.stream(request, signal ? { signal } : {});
  // A failed call rejects both; the stream's error is the one that reaches the caller.
  data.catch(() => undefined);
  for await (const chunk of stream) if (isKnownChunk(chunk)) onChunk(toChunk<T>(chunk, request.sessionId));
  return toResult<T>(await data);
}

/** `onChunk` (if any), counting: `delivered()` is true once a chunk has reached it. */
export function delivering<C>(onChunk: ((chunk: C) => void) | undefined): {
  onChunk: ((chunk: C) => void) | undefined;
  delivered: () => boolean;
} {
  let delivered = false;
  const counted = (chunk: C): void => {
    delivered = true;
    onChunk?.(chunk);
  };
  return { onChunk: onChunk && counted, delivered: () => delivered };
}

/** A resume's result: an agent queues only messages, never the answers to its interrupts. */
export function turnResult<T extends FlowTypes>(result: FlowResult<T> | QueuedResult): FlowResult<T> {
  if (isQueued(result)) throw new FlowError('internal', 'a resume was answered queued: only messages are queued');
  return result;
}
