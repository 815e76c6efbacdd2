import { context, trace } from '@opentelemetry/api';
import { KitError } from '../errors/index.js';
/**
 * Registers an OpenTelemetry SDK for the kit's spans (opt-in: with nothing registered they are
 * no-ops). The SDK packages are the app's own dependencies (`@opentelemetry/sdk-trace-base`,
 * `@opentelemetry/context-async-hooks`): they are loaded here, on first use, never by the kit
 * on a cold start.
 */
export async function registerTracing(options) {
    let sdk;
    let hooks;
    try {
        [sdk, hooks] = await Promise.all([
            import('@opentelemetry/sdk-trace-base'),
            import('@opentelemetry/context-async-hooks'),
        ]);
    }
    catch (error) {
        throw new KitError('failed-precondition', 'registerTracing needs @opentelemetry/sdk-trace-base and @opentelemetry/context-async-hooks in the app’s dependencies', { cause: error });
    }
    const exporter = options.exporter;
    const processor = options.processor === 'simple' ? new sdk.SimpleSpanProcessor(exporter) : new sdk.BatchSpanProcessor(exporter);
    const provider = new sdk.BasicTracerProvider({ spanProcessors: [processor] });
    // Parenting across awaits: the turn's span is the parent of the model and tool calls it makes.
    context.setGlobalContextManager(new hooks.AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(provider);
    return { forceFlush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}
//# sourceMappingURL=register-tracing.js.map