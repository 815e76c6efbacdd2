import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

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
export function recordSpans(): SpanRecorder {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  trace.setGlobalTracerProvider(provider);
  const spans = () => exporter.getFinishedSpans();
  return {
    spans,
    tree() {
      const all = [...spans()].sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);
      const ids = new Set(all.map((s) => s.spanContext().spanId));
      const lines: string[] = [];
      const walk = (parent: string | undefined, depth: number) => {
        for (const span of all) {
          const parentId = span.parentSpanContext?.spanId;
          const isChild = parent === undefined ? parentId === undefined || !ids.has(parentId) : parentId === parent;
          if (!isChild) continue;
          lines.push(`${'  '.repeat(depth)}${span.name}`);
          walk(span.spanContext().spanId, depth + 1);
        }
      };
      walk(undefined, 0);
      return lines;
    },
    reset: () => exporter.reset(),
    async stop() {
      await provider.shutdown();
      trace.disable();
      context.disable();
    },
  };
}
