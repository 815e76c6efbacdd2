import type { WireChunk } from '@callable-flows/protocol';
import type { CallableRequest, CallableResponse } from 'firebase-functions/v2/https';
import type { GenerateResponseChunk } from '../model/index.js';
/**
 * The `onChunk` of a call: frames each generate chunk as wire chunks and sends them, or
 * undefined when the client did not ask to stream (nothing is framed for nobody).
 */
export declare function chunkSender(request: Pick<CallableRequest, 'acceptsStreaming'>, response: Pick<CallableResponse<WireChunk>, 'sendChunk'> | undefined): ((chunk: GenerateResponseChunk) => void) | undefined;
