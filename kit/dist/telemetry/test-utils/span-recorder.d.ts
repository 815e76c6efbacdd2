import { type ReadableSpan } from '@opentelemetry/sdk-trace-base';
/** An OpenTelemetry SDK registered for a test: every ended span lands in `spans()`. */
export interface SpanRecorder {
    spans(): ReadableSpan[];
    /** The spans as an indented tree of names (children in start order), for asserting the shape. */
    tree(): string[];
    reset(): void;
    /** Unregisters the SDK: the API is a no-op again. */
    stop(): Promise<void>;
}
/** Registers a tracer provider with an in-memory exporter and async-local-storage parenting. */
export declare function recordSpans(): SpanRecorder;
