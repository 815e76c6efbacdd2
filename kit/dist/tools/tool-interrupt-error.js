const INTERRUPT_MARK = Symbol.for('callable-flows.ToolInterruptError');
/**
 * Thrown by `ctx.interrupt()`: the tool stops and asks a person. The loop turns it into an
 * interrupt part; it is control flow, never a failure, so it captures no stack trace (building
 * one was most of what an interrupted call cost).
 */
export class ToolInterruptError extends Error {
    metadata;
    [INTERRUPT_MARK] = true;
    constructor(metadata) {
        // V8 captures the stack inside Error's constructor, up to `stackTraceLimit` frames: none here.
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = 0;
        try {
            super('tool interrupted');
        }
        finally {
            Error.stackTraceLimit = limit;
        }
        this.name = 'ToolInterruptError';
        this.metadata = metadata;
    }
}
/** True for an interrupt from this copy of the kit, another copy, or a look-alike by name. */
export function isToolInterruptError(value) {
    if (typeof value !== 'object' || value === null)
        return false;
    return INTERRUPT_MARK in value || value.name === 'ToolInterruptError';
}
//# sourceMappingURL=tool-interrupt-error.js.map