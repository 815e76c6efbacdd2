import type { Firestore } from 'firebase-admin/firestore';
import type { TraceSink } from './trace-sink.js';
/** How long a stored trace is kept by default (its `expireAt`). */
export declare const DEFAULT_TRACE_TTL_MS: number;
/** The collection traces are stored in by default. */
export declare const DEFAULT_TRACES_COLLECTION = "traces";
/** Options of {@link firestoreTraceSink}. */
export interface FirestoreTraceSinkOptions {
    /** The Firestore to write to, or a function that makes it on the first trace. */
    firestore: Firestore | (() => Promise<Firestore>);
    /** Default {@link DEFAULT_TRACES_COLLECTION}. */
    collection?: string;
    /** How long a trace is kept (its `expireAt`, for a TTL policy). Default 30 days. */
    ttlMs?: number;
}
/**
 * A sink that stores each trace as a document (id: the trace id, so a repeated write is
 * harmless) with `at` (when the turn started, for range queries) and `expireAt`. The metrics
 * command reads these documents.
 */
export declare function firestoreTraceSink(options: FirestoreTraceSinkOptions): TraceSink;
