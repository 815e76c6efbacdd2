/** A Gemini REST body as JSON; the fake sends what the script says, checked by nobody. */
export type GeminiJson = Record<string, unknown>;
/** The body of a Gemini error: `{ error: { code, message, status } }`. */
export interface FakeGeminiError {
    message?: string;
    /** The gRPC status name, e.g. `RESOURCE_EXHAUSTED`. */
    status?: string;
    /** `error.details`, e.g. `[{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' }]` on a 429. */
    details?: GeminiJson[];
}
/**
 * One scripted answer, and the faults to inject into it. A unary call answers `response`; a
 * streamed call sends `chunks` (or `response` as its single event) as server-sent events.
 */
export interface FakeGeminiStep {
    /** HTTP status. Anything but 2xx sends an error body (from `error`). Default 200. */
    status?: number;
    error?: FakeGeminiError;
    /** Extra response headers (e.g. `retry-after`). */
    headers?: Record<string, string>;
    /** The unary body, or the one event of a stream when `chunks` is absent. */
    response?: GeminiJson;
    /** The events of a stream. */
    chunks?: GeminiJson[];
    /** Wait this long before the status line. */
    delayMs?: number;
    /** Wait this long before each stream event. */
    chunkDelayMs?: number;
    /** Never finish: before the status line, or after the stream's events. */
    hang?: 'before-headers' | 'after-chunks';
    /** Destroy the socket: before the status line, or after the stream's events. */
    drop?: 'before-headers' | 'after-chunks';
    /** Sent as the body as is (a malformed body); for a stream, written after the events. */
    raw?: string;
    /** A stream event carrying an error, sent after the events, as Gemini does mid-stream. */
    errorChunk?: {
        code: number;
        message?: string;
        status?: string;
    };
}
/** A request the fake received. */
export interface RecordedGeminiRequest {
    method: string;
    /** Path and query, as sent. */
    url: string;
    /** The model id from the path (`gemini-2.5-flash`). */
    model: string;
    /** `generateContent` or `streamGenerateContent`. */
    action: string;
    stream: boolean;
    headers: Record<string, string | string[] | undefined>;
    /** The parsed JSON body (or the raw text when it was not JSON). */
    body: GeminiJson;
    /** True once the connection closed before the answer was complete (a client abort, a drop). */
    disconnected: boolean;
}
/** How the fake answers: a step, or a function of the request that returns one. */
export type FakeGeminiAnswer = FakeGeminiStep | ((request: RecordedGeminiRequest) => FakeGeminiStep);
