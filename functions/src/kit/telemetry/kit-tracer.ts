import { type Tracer, trace } from '@opentelemetry/api';

/** The instrumentation scope of the kit's spans. */
export const TRACER_NAME = 'callable-flows';

/**
 * The kit's tracer. With no OpenTelemetry SDK registered it is the API's no-op tracer, so
 * spans cost an object allocation and nothing is recorded or exported.
 */
export function kitTracer(): Tracer {
  // Asked each time, not cached: an SDK registered after this module loaded must still be used.
  return trace.getTracer(TRACER_NAME);
}
