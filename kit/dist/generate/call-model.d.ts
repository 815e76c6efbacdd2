import { type GenerateRequest, type GenerateResponse, type GenerateResponseChunk, type Model, type ModelCallOptions, type ModelMiddleware, type StepObserver } from '../model/index.js';
/** The model behind its middleware. */
export type ModelCall = (request: GenerateRequest, options: ModelCallOptions) => Promise<GenerateResponse>;
/** How one model call of the loop is made. */
export interface ModelCallScope {
    model: Model;
    use: readonly ModelMiddleware[];
    signal: AbortSignal | undefined;
    onChunk: ((chunk: GenerateResponseChunk) => void) | undefined;
    observer?: StepObserver | undefined;
    /**
     * `model` behind `use`, composed at the scope's first call and kept on it (a scope lives for a
     * generation, or a round with a prepared model): not in a weak map, whose entry per generation
     * would be work for every scavenge.
     */
    composed?: ModelCall | undefined;
}
/**
 * Calls the model through the caller's middleware and gives every tool request a ref.
 * Chunks are tagged with the message index. Tool requests the model streamed without a ref
 * are held back and sent once their refs are known; a model that didn't stream at all still
 * yields one chunk with its whole message, so a streaming client always sees the answer.
 */
export declare function callModel(request: GenerateRequest, index: number, scope: ModelCallScope): Promise<GenerateResponse>;
