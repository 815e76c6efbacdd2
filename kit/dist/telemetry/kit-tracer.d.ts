import { type Tracer } from '@opentelemetry/api';
/**
 * The kit's tracer. With no OpenTelemetry SDK registered it is the API's no-op tracer, so
 * spans cost an object allocation and nothing is recorded or exported.
 */
export declare function kitTracer(): Tracer;
