import type { ModelCallOptions } from '../model.js';
/**
 * Wraps `options.onChunk` to note whether anything was streamed. A call that already sent
 * chunks to the caller can't be repeated silently: the caller would see the text twice.
 */
export declare function trackStreaming(options: ModelCallOptions): {
    options: ModelCallOptions;
    streamed: () => boolean;
};
