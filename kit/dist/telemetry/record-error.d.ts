import { type Span } from '@opentelemetry/api';
/**
 * Marks `span` failed by `error`: `error.type` is the kit code (`internal` for a foreign
 * error), the reason a client would get goes beside it, and the exception is recorded with
 * the kit's own message only (a foreign message may quote a URL with a key).
 */
export declare function recordError(span: Span, error: unknown): void;
