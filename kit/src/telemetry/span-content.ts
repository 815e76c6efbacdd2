import { redactValue } from '../redact/redact-value.js';

/** The environment switch of the GenAI instrumentations: content (tool arguments and results) is opt-in. */
export const CAPTURE_CONTENT_ENV = 'OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT';

/** Longest content attribute, in characters. */
const MAX_CONTENT_CHARS = 4_000;

/** True when spans may carry content: the app set {@link CAPTURE_CONTENT_ENV} to `true`. */
export function capturesContent(): boolean {
  return process.env[CAPTURE_CONTENT_ENV]?.toLowerCase() === 'true';
}

/** A value as a span attribute: secrets redacted, JSON, truncated. */
export function spanContent(value: unknown): string {
  const json = JSON.stringify(redactValue(value)) ?? 'null';
  return json.length > MAX_CONTENT_CHARS ? `${json.slice(0, MAX_CONTENT_CHARS)}…` : json;
}
