import {
  type Attributes,
  context,
  INVALID_TRACEID,
  type Span,
  type SpanKind,
  type SpanOptions,
  trace,
} from '@opentelemetry/api';
import { kitTracer } from './kit-tracer.js';
import { recordError } from './record-error.js';

/** How {@link inSpan} opens a span. */
export interface InSpanOptions {
  kind?: SpanKind;
  /** The span's attributes, asked for only when the span records (no SDK: never). */
  attributes?: () => Attributes;
  /** Decides whether an error fails the span; false leaves it unset (an interrupt is no failure). Default: always. */
  isFailure?: (error: unknown) => boolean;
}

/**
 * Starts a kit span (a child of the active one), or returns undefined when nothing would record
 * it (the API's no-op span with no parent): the caller then skips every span step.
 */
export function startKitSpan(name: string, options?: SpanOptions): Span | undefined {
  const span = kitTracer().startSpan(name, options);
  // The API's no-op span (no SDK, no parent): an id compare, not isSpanContextValid's regex (4× the cost).
  return !span.isRecording() && span.spanContext().traceId === INVALID_TRACEID ? undefined : span;
}

/** Runs `fn` with `span` (from {@link startKitSpan}) active, ends it however `fn` ends, records an error. */
export function runInSpan<T>(span: Span, options: InSpanOptions, fn: (span: Span) => Promise<T>): Promise<T> {
  if (options.attributes && span.isRecording()) span.setAttributes(options.attributes());
  return context.with(trace.setSpan(context.active(), span), async () => {
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

/**
 * Runs `fn` in a new active span (a child of the active one), ends it however `fn` ends and
 * records an error with its code and reason. With no SDK registered the span is the API's
 * invalid no-op span and `fn` runs directly: no context switch, no attributes built, no
 * extra promise, so an untraced loop pays one method call per span.
 */
export function inSpan<T>(name: string, options: InSpanOptions, fn: (span: Span) => Promise<T>): Promise<T> {
  const span = kitTracer().startSpan(name, options.kind === undefined ? undefined : { kind: options.kind });
  if (!span.isRecording() && span.spanContext().traceId === INVALID_TRACEID) return fn(span);
  return runInSpan(span, options, fn);
}
