const INTERRUPT_MARK = Symbol.for('callable-flows.ToolInterruptError');

/**
 * Thrown by `ctx.interrupt()`: the tool stops and asks a person. The loop turns it into an
 * interrupt part; it is control flow, never a failure, so it captures no stack trace (building
 * one was most of what an interrupted call cost).
 */
export class ToolInterruptError extends Error {
  readonly metadata: Record<string, unknown> | undefined;
  /** What the tool keeps with its waiting call, out of every client's sight ({@link InterruptOptions}). */
  readonly kept: Record<string, unknown> | undefined;
  readonly [INTERRUPT_MARK] = true;

  constructor(metadata?: Record<string, unknown>, kept?: Record<string, unknown>) {
    // V8 captures the stack inside Error's constructor, up to `stackTraceLimit` frames: none here.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super('tool interrupted');
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.name = 'ToolInterruptError';
    this.metadata = metadata;
    this.kept = kept;
  }
}

/** True for an interrupt from this copy of the kit, another copy, or a look-alike by name. */
export function isToolInterruptError(value: unknown): value is ToolInterruptError {
  if (typeof value !== 'object' || value === null) return false;
  return INTERRUPT_MARK in value || (value as { name?: unknown }).name === 'ToolInterruptError';
}
