import { type UsageCounterStore, type UsageCounts, type UsageDelta } from './usage-counters.js';
/** Usage counters in this process's memory (tests, a single instance); counts its reads and writes. */
export declare class InMemoryUsageCounters implements UsageCounterStore {
    /** Documents read and written so far (the cost a Firestore store would have). */
    readonly ops: {
        reads: number;
        writes: number;
    };
    private readonly days;
    read(uid: string, day: string): Promise<UsageCounts>;
    add(uid: string, day: string, delta: UsageDelta): Promise<void>;
}
