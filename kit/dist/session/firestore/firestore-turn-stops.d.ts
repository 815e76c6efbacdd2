import type { DocumentRef } from '../../firestore/index.js';
import type { StopRecord, TurnStops } from '../turn-stops.js';
/**
 * Stops in Firestore: one document beside each session (`<session>/control/stop`), the last
 * stop asked. A running turn listens to it (`onSnapshot`, opened with the lease): one listen
 * target per running turn, one document read when it opens and one per stop; a stop is one write.
 */
export declare class FirestoreTurnStops implements TurnStops {
    private readonly stopRef;
    constructor(stopRef: (sessionId: string) => DocumentRef);
    ask(sessionId: string, stop: StopRecord): Promise<void>;
    last(sessionId: string): Promise<StopRecord | undefined>;
    listen(sessionId: string, leaseId: string, onStop: (stop: StopRecord) => void): () => void;
}
