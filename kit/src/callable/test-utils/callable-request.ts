import type { WireChunk } from '@callable-flows/protocol';
import type { CallableRequest, CallableResponse } from 'firebase-functions/v2/https';

/** A callable request as the platform would build it, for `fn.run(request, response)`. */
export function callableRequest<T = unknown>(
  data: unknown,
  options: { uid?: string; claims?: Record<string, unknown>; acceptsStreaming?: boolean } = {},
): CallableRequest<T> {
  const request: Record<string, unknown> = {
    data,
    rawRequest: { headers: {} },
    acceptsStreaming: options.acceptsStreaming ?? false,
  };
  if (options.uid) {
    request.auth = {
      uid: options.uid,
      rawToken: 'raw',
      token: { uid: options.uid, sub: options.uid, ...options.claims },
    };
  }
  return request as unknown as CallableRequest<T>;
}

/** A streaming response that records what was sent, with a signal the test can fire. */
export function recordingResponse(): CallableResponse<WireChunk> & { chunks: WireChunk[]; disconnect(): void } {
  const controller = new AbortController();
  const chunks: WireChunk[] = [];
  return {
    chunks,
    signal: controller.signal,
    sendChunk: async (chunk) => {
      chunks.push(chunk);
      return true;
    },
    disconnect: () => controller.abort(),
  };
}

/** The HttpsError code a promise rejected with (fails the test when it resolved). */
export async function rejectionCode(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; details?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; details?: unknown };
  }
  throw new Error('expected the call to be refused');
}
