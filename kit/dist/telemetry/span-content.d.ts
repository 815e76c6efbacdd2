/** The environment switch of the GenAI instrumentations: content (tool arguments and results) is opt-in. */
export declare const CAPTURE_CONTENT_ENV = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT";
/** True when spans may carry content: the app set {@link CAPTURE_CONTENT_ENV} to `true`. */
export declare function capturesContent(): boolean;
/** A value as a span attribute: secrets redacted, JSON, truncated. */
export declare function spanContent(value: unknown): string;
