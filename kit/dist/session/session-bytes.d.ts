import type { Session } from './session-schema.js';
/**
 * Heap bytes per character of a session's JSON: parsed objects, their property names, arrays
 * and strings cost up to this much more than their text (3.2 measured by `npm run bench --
 * memory` for a history of short tool-calling turns, about 1 for long texts).
 */
export declare const HEAP_BYTES_PER_JSON_CHAR = 3.25;
/** The estimated heap bytes of `session` in memory (for a cache bounded by bytes). */
export declare function sessionBytes(session: Session): number;
