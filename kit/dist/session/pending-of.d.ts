import { type Message, type ToolRequestPart } from '../model/index.js';
/** What an interrupted turn left waiting. */
export interface PendingCalls {
    /** Tool requests that wait for a person. */
    interrupts: ToolRequestPart[];
}
/**
 * `session` with its derived field (`interrupts`) computed from its history:
 * the one place they are set. Every store calls it on what it writes, so no writer keeps them.
 */
export declare function withPending<S extends {
    history: Message[];
}>(session: S): S & PendingCalls;
/**
 * The pending calls of a history: read off its last message, where the generate loop stamps
 * an interrupted turn. The history is the one source of truth; stored copies are derived.
 */
export declare function pendingOf(history: readonly Message[]): PendingCalls;
