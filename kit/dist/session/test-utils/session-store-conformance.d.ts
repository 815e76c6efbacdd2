import type { Message } from '../../model/index.js';
import type { Session } from '../session-schema.js';
import { type SessionStore } from '../session-store.js';
/** The stores one conformance test runs against. */
export interface ConformanceBackend {
    /** A store object over the backend's data; each call may be a new object (another "instance"). */
    open(): SessionStore;
}
/** A session as an agent would create it, with `history`. */
export declare function sampleSession(id: string, history?: Message[], now?: number): Session;
/** A conversation of `count` messages: user, model with a tool request, tool, model … */
export declare function longHistory(count: number): Message[];
/** An id no other test of a shared backend uses. */
export declare const uniqueId: (label: string) => string;
/**
 * The behaviour every `SessionStore` must have as a store: run it against each implementation
 * with a backend whose `open()` gives store objects over shared data. (Its behaviour under an
 * agent is the agent layer's suite: `agent/test-utils/agent-store-conformance.ts`.)
 */
export declare function describeSessionStoreConformance(name: string, backend: () => ConformanceBackend): void;
