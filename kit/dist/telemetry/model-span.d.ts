/** What a model span says of the request (a subset of the model contract, so this layer stays below it). */
export interface ModelSpanRequest {
    config?: Record<string, unknown> | undefined;
}
/** What a model span says of the response. */
export interface ModelSpanResponse {
    finishReason: string;
    model?: string | undefined;
    usage?: {
        inputTokens?: number | undefined;
        outputTokens?: number | undefined;
        costUsd?: number | undefined;
    } | undefined;
}
/**
 * Runs one model call in a `chat {model}` client span with the GenAI request, response and
 * usage attributes. Untraced (no SDK), the call's own promise is returned and nothing is built
 * for the span: no attributes, no closure, no extra async step per model call.
 */
export declare function traceModelCall<R extends ModelSpanResponse>(model: string, request: ModelSpanRequest, call: () => Promise<R>): Promise<R>;
