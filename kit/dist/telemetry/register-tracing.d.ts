/**
 * A span exporter as the OpenTelemetry SDK defines one (`SpanExporter` of
 * `@opentelemetry/sdk-trace-base`), declared here so that the kit's types don't need that optional
 * package: an app without tracing compiles without it.
 */
export interface TracingExporter {
    export(spans: never[], resultCallback: (result: {
        code: number;
        error?: Error;
    }) => void): void;
    shutdown(): Promise<void>;
    forceFlush?(): Promise<void>;
}
/** Options of {@link registerTracing}. */
export interface RegisterTracingOptions {
    /** Where spans go, e.g. `new TraceExporter()` of `@google-cloud/opentelemetry-cloud-trace-exporter`. */
    exporter: TracingExporter;
    /** Export each span as it ends (`simple`) or in batches (`batch`, default): see docs/operations.md, OpenTelemetry. */
    processor?: 'batch' | 'simple';
}
/** What {@link registerTracing} registered: flush before an instance may be frozen, shut down at exit. */
export interface RegisteredTracing {
    forceFlush(): Promise<void>;
    shutdown(): Promise<void>;
}
/**
 * Registers an OpenTelemetry SDK for the kit's spans (opt-in: with nothing registered they are
 * no-ops). The SDK packages are the app's own dependencies (`@opentelemetry/sdk-trace-base`,
 * `@opentelemetry/context-async-hooks`): they are loaded here, on first use, never by the kit
 * on a cold start.
 */
export declare function registerTracing(options: RegisterTracingOptions): Promise<RegisteredTracing>;
