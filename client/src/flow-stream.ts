import { ChunkQueue } from './chunk-queue.js';
import type { FlowChunk, FlowTypes, SendResult } from './flow-types.js';

/** A streamed call: iterate its chunks, await its result (both fail with the call's {@link FlowError}). */
export interface FlowStream<T extends FlowTypes = FlowTypes> extends AsyncIterable<FlowChunk<T>> {
  /** The session the message goes to, known before the turn runs (a new conversation's too): watch or stop it. */
  readonly sessionId: string;
  /** The turn's result, or `queued` (no chunks) when the agent queued the message behind a running turn. */
  readonly result: Promise<SendResult<T>>;
}

/**
 * The stream of a call to session `sessionId` that `start` makes, handing each chunk it gets to
 * the given function: its chunks as they come, then its result, or its failure after the chunks that came.
 */
export function flowStream<T extends FlowTypes>(
  sessionId: string,
  start: (onChunk: (chunk: FlowChunk<T>) => void) => Promise<SendResult<T>>,
): FlowStream<T> {
  const queue = new ChunkQueue<FlowChunk<T>>();
  const result = start((chunk) => queue.push(chunk));
  let failure: unknown;
  const settled = result.then(
    () => queue.close(),
    (error) => {
      failure = error;
      queue.close();
    },
  );
  return {
    sessionId,
    result,
    async *[Symbol.asyncIterator]() {
      yield* queue;
      await settled;
      if (failure !== undefined) throw failure;
    },
  };
}
