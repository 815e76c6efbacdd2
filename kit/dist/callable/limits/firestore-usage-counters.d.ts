import { type DocumentDb } from '../../firestore/index.js';
import { type UsageCounterStore, type UsageCounts, type UsageDelta } from './usage-counters.js';
/** Options of {@link FirestoreUsageCounters}. */
export interface FirestoreUsageCountersOptions {
    /** The Firestore, or a function that makes it on first use (a light cold start). */
    firestore: DocumentDb | (() => Promise<DocumentDb>);
    /** The counters' collection. Default `usageCounters` (server-only in `firestore.rules`). */
    collection?: string;
    /** Told of every document read and write (benchmarks, metrics). */
    onOperation?: (op: {
        reads: number;
        writes: number;
    }) => void;
}
/**
 * Usage counters in Firestore: `usageCounters/{uid}_{day}`, one small document per user per UTC
 * day, written only with `FieldValue.increment` in a merge (one write per call, no read, no
 * transaction), with `expireAt` a day after the day ends for a TTL policy.
 */
export declare class FirestoreUsageCounters implements UsageCounterStore {
    private readonly options;
    constructor(options: FirestoreUsageCountersOptions);
    read(uid: string, day: string): Promise<UsageCounts>;
    add(uid: string, day: string, delta: UsageDelta): Promise<void>;
    private db;
    private docOf;
}
