import type { Attributes, Span, SpanKind, SpanOptions } from '@opentelemetry/api';
import { kitTracer } from './kit-tracer.js';
import { recordError } from './record-error.js';

/** How {@link inSpan} opens a span. */
export interface InSpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** Decides whether an error fails the span; false leaves it unset (an interrupt is no failure). Default: always. */
  isFailure?: (error: unknown) => boolean;
}

/**
 * Runs `fn` in a new active span (a child of the active one), ends it however `fn` ends and
 * records an error with its code and reason. A no-op span when no SDK is registered.
 */
export function inSpan<T>(name: string, options: InSpanOptions, fn: (span: Span) => Promise<T>): Promise<T> {
  const spanOptions: SpanOptions = {};
  if (options.kind !== undefined) spanOptions.kind = options.kind;
  if (options.attributes !== undefined) spanOptions.attributes = options.attributes;
  return kitTracer().startActiveSpan(name, spanOptions, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      if (options.isFailure?.(error) ?? true) recordError(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}
