import type { Firestore } from 'firebase-admin/firestore';
import { type TurnTrace } from './turn-trace.js';
/** Options of {@link readTraces}. */
export interface ReadTracesOptions {
    /** Default {@link DEFAULT_TRACES_COLLECTION}. */
    collection?: string;
    /** Only traces of turns that started at or after this time (epoch ms). */
    since?: number;
    /** Only traces of this flow. */
    flow?: string;
    /** Stop after this many traces. Default 100,000. */
    max?: number;
    /** Documents per query. Default 1,000. */
    pageSize?: number;
}
/** What {@link readTraces} found: the traces, and how many documents were not traces. */
export interface ReadTraces {
    traces: TurnTrace[];
    invalid: number;
}
/** Reads the traces a {@link firestoreTraceSink} stored, oldest first, a page at a time. */
export declare function readTraces(firestore: Firestore, options?: ReadTracesOptions): Promise<ReadTraces>;
