/** A callable request as the platform would build it, for `fn.run(request, response)`. */
export function callableRequest(data, options = {}) {
    const request = {
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
    return request;
}
/** A streaming response that records what was sent, with a signal the test can fire. */
export function recordingResponse() {
    const controller = new AbortController();
    const chunks = [];
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
export async function rejectionCode(promise) {
    try {
        await promise;
    }
    catch (error) {
        return error;
    }
    throw new Error('expected the call to be refused');
}
//# sourceMappingURL=callable-request.js.map