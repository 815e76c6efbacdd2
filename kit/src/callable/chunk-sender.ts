import type { WireChunk } from '@callable-flows/protocol';
import type { CallableRequest, CallableResponse } from 'firebase-functions/v2/https';
import type { GenerateResponseChunk } from '../model/index.js';
import { frameChunk } from './frame-chunk.js';

/**
 * The `onChunk` of a call: frames each generate chunk as wire chunks and sends them, or
 * undefined when the client did not ask to stream (nothing is framed for nobody).
 */
export function chunkSender(
  request: Pick<CallableRequest, 'acceptsStreaming'>,
  response: Pick<CallableResponse<WireChunk>, 'sendChunk' | 'signal'> | undefined,
): ((chunk: GenerateResponseChunk) => void) | undefined {
  if (!request.acceptsStreaming || !response) return undefined;
  return (chunk) => {
    // A caller that went away (an agent's turn finishes without it) is sent nothing, nor framed for.
    if (response.signal?.aborted) return;
    for (const wire of frameChunk(chunk)) {
      // A failed write means the client is gone; response.signal aborts the turn for that.
      response.sendChunk(wire).catch(() => {});
    }
  };
}
