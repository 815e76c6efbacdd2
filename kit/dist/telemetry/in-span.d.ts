import { type Attributes, type Span, type SpanKind, type SpanOptions } from '@opentelemetry/api';
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
export declare function startKitSpan(name: string, options?: SpanOptions): Span | undefined;
/** Runs `fn` with `span` (from {@link startKitSpan}) active, ends it however `fn` ends, records an error. */
export declare function runInSpan<T>(span: Span, options: InSpanOptions, fn: (span: Span) => Promise<T>): Promise<T>;
/**
 * Runs `fn` in a new active span (a child of the active one), ends it however `fn` ends and
 * records an error with its code and reason. With no SDK registered the span is the API's
 * invalid no-op span and `fn` runs directly: no context switch, no attributes built, no
 * extra promise, so an untraced loop pays one method call per span.
 */
export declare function inSpan<T>(name: string, options: InSpanOptions, fn: (span: Span) => Promise<T>): Promise<T>;
