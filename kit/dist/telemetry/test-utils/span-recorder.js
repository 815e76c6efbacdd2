import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, } from '@opentelemetry/sdk-trace-base';
/** Registers a tracer provider with an in-memory exporter and async-local-storage parenting. */
export function recordSpans() {
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
            const lines = [];
            const walk = (parent, depth) => {
                for (const span of all) {
                    const parentId = span.parentSpanContext?.spanId;
                    const isChild = parent === undefined ? parentId === undefined || !ids.has(parentId) : parentId === parent;
                    if (!isChild)
                        continue;
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
//# sourceMappingURL=span-recorder.js.map