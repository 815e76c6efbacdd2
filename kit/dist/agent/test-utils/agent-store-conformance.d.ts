import { type ConformanceBackend } from '../../session/test-utils/session-store-conformance.js';
/**
 * The behaviour every `SessionStore` must have under an agent: run it against each
 * implementation with a backend whose `open()` gives store objects over shared data.
 */
export declare function describeAgentStoreConformance(name: string, backend: () => ConformanceBackend): void;
