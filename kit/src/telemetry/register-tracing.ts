import { context, trace } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { KitError } from '../errors/index.js';

/**
 * A span exporter as the OpenTelemetry SDK defines one (`SpanExporter` of
 * `@opentelemetry/sdk-trace-base`), declared here so that the kit's types don't need that optional
 * package: an app without tracing compiles without it.
 */
export interface TracingExporter {
  export(spans: never[], resultCallback: (result: { code: number; error?: Error }) => void): void;
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
export async function registerTracing(options: RegisterTracingOptions): Promise<RegisteredTracing> {
  let sdk: typeof import('@opentelemetry/sdk-trace-base');
  let hooks: typeof import('@opentelemetry/context-async-hooks');
  try {
    [sdk, hooks] = await Promise.all([
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/context-async-hooks'),
    ]);
  } catch (error) {
    throw new KitError(
      'failed-precondition',
      'registerTracing needs @opentelemetry/sdk-trace-base and @opentelemetry/context-async-hooks in the app’s dependencies',
      { cause: error },
    );
  }
  const exporter = options.exporter as SpanExporter;
  const processor =
    options.processor === 'simple' ? new sdk.SimpleSpanProcessor(exporter) : new sdk.BatchSpanProcessor(exporter);
  const provider = new sdk.BasicTracerProvider({ spanProcessors: [processor] });
  // Parenting across awaits: the turn's span is the parent of the model and tool calls it makes.
  context.setGlobalContextManager(new hooks.AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  return { forceFlush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}
