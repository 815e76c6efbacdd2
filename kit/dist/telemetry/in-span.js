import { context, INVALID_TRACEID, trace, } from '@opentelemetry/api';
import { kitTracer } from './kit-tracer.js';
import { recordError } from './record-error.js';
/**
 * Starts a kit span (a child of the active one), or returns undefined when nothing would record
 * it (the API's no-op span with no parent): the caller then skips every span step.
 */
export function startKitSpan(name, options) {
    const span = kitTracer().startSpan(name, options);
    // The API's no-op span (no SDK, no parent): an id compare, not isSpanContextValid's regex (4× the cost).
    return !span.isRecording() && span.spanContext().traceId === INVALID_TRACEID ? undefined : span;
}
/** Runs `fn` with `span` (from {@link startKitSpan}) active, ends it however `fn` ends, records an error. */
export function runInSpan(span, options, fn) {
    if (options.attributes && span.isRecording())
        span.setAttributes(options.attributes());
    return context.with(trace.setSpan(context.active(), span), async () => {
        try {
            return await fn(span);
        }
        catch (error) {
            if (options.isFailure?.(error) ?? true)
                recordError(span, error);
            throw error;
        }
        finally {
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
export function inSpan(name, options, fn) {
    const span = kitTracer().startSpan(name, options.kind === undefined ? undefined : { kind: options.kind });
    if (!span.isRecording() && span.spanContext().traceId === INVALID_TRACEID)
        return fn(span);
    return runInSpan(span, options, fn);
}
//# sourceMappingURL=in-span.js.map