import { trace } from '@opentelemetry/api';
/** The instrumentation scope of the kit's spans. */
const TRACER_NAME = 'callable-flows';
let tracer;
/**
 * The kit's tracer. With no OpenTelemetry SDK registered it is the API's no-op tracer, so
 * spans cost an object allocation and nothing is recorded or exported.
 */
export function kitTracer() {
    // The API's proxy tracer: it finds an SDK registered after this module loaded on first use.
    tracer ??= trace.getTracer(TRACER_NAME);
    return tracer;
}
//# sourceMappingURL=kit-tracer.js.map