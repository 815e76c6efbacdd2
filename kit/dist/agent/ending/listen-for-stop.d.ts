import { KitError } from '../../errors/index.js';
import type { StopRecord } from '../../session/turn-stops.js';
import type { AgentRuntime } from '../runtime/index.js';
/** A running turn's ear for a stop: its signal fires when one is asked; `close` when the turn ends. */
export interface StopListener {
    signal: AbortSignal;
    /** The stop the signal fired for (who asked it, when), once it fired. */
    readonly heard: StopRecord | undefined;
    /**
     * Fires the signal for `stop`, asked of the turn whose instance died before it heard it (read
     * when the lapsed lease was taken over, `begin-turn.ts`): the retry (a client's or the server's
     * continuation) that took the lease over honours it instead of going on.
     */
    honour(stop: StopRecord): void;
    close(): void;
}
/** The error a stopped turn ends with: `cancelled`, reason `STOPPED`. */
export declare function stoppedError(sessionId: string): KitError;
/**
 * How long a turn runs before it starts listening for a stop. A stop is a document, so a listener
 * opened late still hears one asked before it; a turn that ends sooner (most text turns) opens no
 * listen stream at all, and a stop still lands well inside 2 s.
 */
export declare const STOP_LISTEN_DELAY_MS = 250;
/**
 * Listens, while the turn holds lease `leaseId`, for a stop asked of it from any client: the
 * signal aborts the model call in flight and the tools that run, and the loop stops at its next
 * step boundary. A store without stops gives a signal that never fires.
 */
export declare function listenForStop(rt: AgentRuntime, sessionId: string, leaseId: string): StopListener;
