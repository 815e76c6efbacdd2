import type { ModelCallOptions } from '../model.js';

/**
 * Wraps `options.onChunk` to note whether anything was streamed. A call that already sent
 * chunks to the caller can't be repeated silently: the caller would see the text twice.
 */
export function trackStreaming(options: ModelCallOptions): { options: ModelCallOptions; streamed: () => boolean } {
  const onChunk = options.onChunk;
  if (!onChunk) return { options, streamed: () => false };
  let streamed = false;
  return {
    options: {
      ...options,
      onChunk: (chunk) => {
        streamed = true;
        onChunk(chunk);
      },
    },
    streamed: () => streamed,
  };
}
