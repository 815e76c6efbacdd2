import { type Span, SpanStatusCode } from '@opentelemetry/api';
import { isKitError } from '../errors/index.js';
import { ERROR_TYPE, KIT_ATTR } from './gen-ai-attributes.js';

/**
 * Marks `span` failed by `error`: `error.type` is the kit code (`internal` for a foreign
 * error), the reason a client would get goes beside it, and the exception is recorded with
 * the kit's own message only (a foreign message may quote a URL with a key).
 */
export function recordError(span: Span, error: unknown): void {
  if (!span.isRecording()) return;
  const kit = isKitError(error);
  span.setAttribute(ERROR_TYPE, kit ? error.code : 'internal');
  const reason = kit ? error.details?.reason : undefined;
  if (typeof reason === 'string') span.setAttribute(KIT_ATTR.errorReason, reason);
  const message = kit ? error.message : 'unexpected error';
  span.recordException({ name: kit ? `KitError(${error.code})` : 'Error', message });
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}
