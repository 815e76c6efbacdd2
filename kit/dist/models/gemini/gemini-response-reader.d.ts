import type { GenerateContentResponse } from '@google/genai';
import type { GenerateResponseChunk, ModelRunnerResponse } from '../../model/index.js';
import type { ToolNames } from './tool-names.js';
/**
 * Reads one Gemini answer, whole or as stream chunks, into the kit's response: parts mapped
 * (and streamed as incremental chunks), function calls given refs, finish reason, usage,
 * grounding and citations. A stream that ends without a finish reason is an error.
 */
export declare class GeminiResponseReader {
    private readonly content;
    private readonly context;
    private readonly metadata;
    private calls;
    private chunks;
    private responseId;
    private modelVersion;
    private usage;
    private candidate;
    private finishReason;
    private finishMessage;
    private blocked;
    private promptFeedback;
    private readonly onChunk;
    constructor(names: ToolNames, onChunk?: (chunk: GenerateResponseChunk) => void);
    private refFor;
    private readCitations;
    /** Takes one response (or one stream chunk), streaming its new parts to `onChunk`. */
    add(response: GenerateContentResponse): void;
    private message;
    /** The kit response; `streamed` says the answer came as a stream, which must have ended properly. */
    result(streamed: boolean): ModelRunnerResponse;
}
