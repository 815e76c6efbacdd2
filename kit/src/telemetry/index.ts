export { GEN_AI, KIT_ATTR } from './gen-ai-attributes.js';
export { inSpan, runInSpan, startKitSpan } from './in-span.js';
export { traceModelCall } from './model-span.js';
export { type RegisteredTracing, type RegisterTracingOptions, registerTracing } from './register-tracing.js';
export { CAPTURE_CONTENT_ENV } from './span-content.js';
export { startToolSpan, toolSpanName, traceToolCall } from './tool-span.js';
