declare const INTERRUPT_MARK: unique symbol;
/**
 * Thrown by `ctx.interrupt()`: the tool stops and asks a person. The loop turns it into an
 * interrupt part; it is control flow, never a failure, so it captures no stack trace (building
 * one was most of what an interrupted call cost).
 */
export declare class ToolInterruptError extends Error {
    readonly metadata: Record<string, unknown> | undefined;
    readonly [INTERRUPT_MARK] = true;
    constructor(metadata?: Record<string, unknown>);
}
/** True for an interrupt from this copy of the kit, another copy, or a look-alike by name. */
export declare function isToolInterruptError(value: unknown): value is ToolInterruptError;
export {};
