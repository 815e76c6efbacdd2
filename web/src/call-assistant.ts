import { type Functions, httpsCallable } from 'firebase/functions';
import type { CallRequest, CallResult, WireChunk } from './wire.js';

/** Runs one call, handing each streamed chunk to `onChunk` as it arrives; resolves to the result. */
export type AssistantCall = (request: CallRequest, onChunk: (chunk: WireChunk) => void) => Promise<CallResult>;

/** A fresh idempotency key (letters, digits and `-`, as the protocol wants). */
export function newRequestId(): string {
  return `web-${crypto.randomUUID()}`;
}

/** Streams calls to the callable `name` (`httpsCallable(...).stream()`). */
export function assistantCall(functions: Functions, name: string): AssistantCall {
  // A turn that waits on a slow model may take a while; the function's own timeout is 120 s.
  const callable = httpsCallable<CallRequest, CallResult, WireChunk>(functions, name, { timeout: 150_000 });
  return async (request, onChunk) => {
    const { stream, data } = await callable.stream(request);
    // A failed call rejects both; the stream's error is the one that reaches the caller.
    data.catch(() => undefined);
    for await (const chunk of stream) onChunk(chunk);
    return await data;
  };
}
