import type { StopRecord, TurnStops } from './turn-stops.js';
/** Stops in this process's memory (the in-memory store's): a stop reaches listeners at once. */
export declare class MemoryTurnStops implements TurnStops {
    private readonly stops;
    private readonly listeners;
    ask(sessionId: string, stop: StopRecord): Promise<void>;
    last(sessionId: string): Promise<StopRecord | undefined>;
    /** Drops the stop record of a deleted session (its listeners stay until they close). */
    drop(sessionId: string): void;
    listen(sessionId: string, leaseId: string, onStop: (stop: StopRecord) => void): () => void;
}
