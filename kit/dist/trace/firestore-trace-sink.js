import { lazy } from '../lazy/index.js';
/** How long a stored trace is kept by default (its `expireAt`). */
export const DEFAULT_TRACE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The collection traces are stored in by default. */
export const DEFAULT_TRACES_COLLECTION = 'traces';
/**
 * A sink that stores each trace as a document (id: the trace id, so a repeated write is
 * harmless) with `at` (when the turn started, for range queries) and `expireAt`. The metrics
 * command reads these documents.
 */
export function firestoreTraceSink(options) {
    const collection = options.collection ?? DEFAULT_TRACES_COLLECTION;
    const ttlMs = options.ttlMs ?? DEFAULT_TRACE_TTL_MS;
    const source = options.firestore;
    // A getter that failed (Firestore not reachable yet) is asked again by the next trace.
    const firestore = typeof source === 'function' ? lazy(source) : () => Promise.resolve(source);
    return async (trace) => {
        const at = Date.parse(trace.startedAt);
        // JSON first: Firestore refuses `undefined`, and a trace is plain data.
        const fields = JSON.parse(JSON.stringify(trace));
        await (await firestore())
            .collection(collection)
            .doc(trace.traceId)
            .set({ ...fields, at: new Date(at), expireAt: new Date(at + ttlMs) });
    };
}
//# sourceMappingURL=firestore-trace-sink.js.map