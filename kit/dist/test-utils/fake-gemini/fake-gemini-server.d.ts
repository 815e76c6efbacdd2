import type { FakeGeminiAnswer, RecordedGeminiRequest } from './fake-gemini-step.js';
/** A running fake Gemini server. */
export interface FakeGemini {
    /** Base URL to give the SDK (`httpOptions.baseUrl` or `GOOGLE_GEMINI_BASE_URL`). */
    readonly url: string;
    /** Every request received, in order. */
    readonly requests: RecordedGeminiRequest[];
    /** Queues answers, used one per request in order. */
    enqueue(...steps: FakeGeminiAnswer[]): void;
    /** The answer when the queue is empty (the default is a 501 that names the request). */
    answerWith(answer: FakeGeminiAnswer | undefined): void;
    /** Forgets queued answers, the fallback and the recorded requests. */
    reset(): void;
    /** Stops the server, cutting any connection still open (hanging answers included). */
    close(): Promise<void>;
}
/**
 * Starts a fake Gemini HTTP server on loopback at a random port. It serves generateContent
 * and streamGenerateContent (SSE) from a script, records every request, and injects the
 * faults a step asks for (status codes, delays, hangs, malformed bodies, error events,
 * dropped sockets).
 */
export declare function startFakeGemini(answers?: FakeGeminiAnswer[]): Promise<FakeGemini>;
