export { ERROR_TYPE, GEN_AI, KIT_ATTR } from './gen-ai-attributes.js';
export { inSpan, runInSpan, startKitSpan } from './in-span.js';
export { kitTracer } from './kit-tracer.js';
export { traceModelCall } from './model-span.js';
export { recordError } from './record-error.js';
export { registerTracing } from './register-tracing.js';
export { CAPTURE_CONTENT_ENV, capturesContent, spanContent } from './span-content.js';
export { startToolSpan, toolSpanName, traceToolCall } from './tool-span.js';
//# sourceMappingURL=index.js.map