import type { WireChunk } from '@callable-flows/protocol';
import type { CallableRequest, CallableResponse } from 'firebase-functions/v2/https';
/** A callable request as the platform would build it, for `fn.run(request, response)`. */
export declare function callableRequest<T = unknown>(data: unknown, options?: {
    uid?: string;
    claims?: Record<string, unknown>;
    acceptsStreaming?: boolean;
}): CallableRequest<T>;
/** A streaming response that records what was sent, with a signal the test can fire. */
export declare function recordingResponse(): CallableResponse<WireChunk> & {
    chunks: WireChunk[];
    disconnect(): void;
};
/** The HttpsError code a promise rejected with (fails the test when it resolved). */
export declare function rejectionCode(promise: Promise<unknown>): Promise<{
    code: string;
    message: string;
    details?: unknown;
}>;
