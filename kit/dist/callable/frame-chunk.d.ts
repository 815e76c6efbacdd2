import type { WireChunk } from '@callable-flows/protocol';
import type { GenerateResponseChunk } from '../model/index.js';
/**
 * The wire chunks of one generate chunk. Model chunks carry text, reasoning and tool requests
 * (an interrupt is a model chunk whose tool request is stamped `metadata.interrupt`); tool
 * chunks carry tool responses. Media, data and aggregated repeats are not streamed: the
 * final result has them.
 */
export declare function frameChunk(chunk: GenerateResponseChunk): WireChunk[];
