import { type Session } from './session-schema.js';
/**
 * Reads stored session data: parsed, never trusted. A shape this code does not know, or data
 * that no longer parses, is `data-loss` (the session can't be continued safely).
 */
export declare function parseSession(data: unknown, id: string): Session;
