export type { GenerateResponseChunk } from './chunk.js';
export { composeMiddleware } from './compose-middleware.js';
export { defineModel } from './define-model.js';
export { GenerationCommonConfigSchema } from './generation-config.js';
export { type Document, DocumentSchema, type Message, MessageSchema, RoleSchema } from './message.js';
export { textOf, toolRequestsOf, toolResponsesOf } from './message-content.js';
export { augmentWithContext } from './middleware/augment-with-context.js';
export { fallback } from './middleware/fallback.js';
export { type MeterOptions, meter } from './middleware/meter.js';
export { backoffDelay, retry } from './middleware/retry.js';
export { retryAfterMs } from './middleware/retry-after.js';
export { shortToolName, shortToolNames } from './middleware/short-tool-names.js';
export { simulateConstrainedGeneration } from './middleware/simulate-constrained-generation.js';
export { simulateSystemPrompt } from './middleware/simulate-system-prompt.js';
export { sleep } from './middleware/sleep.js';
export { findUnsupported, validateSupport } from './middleware/validate-support.js';
export type { Model, ModelCallOptions, ModelInfo, ModelMiddleware, ModelRunner, ModelRunnerResponse } from './model.js';
export type { ModelStage, ModelSupports } from './model-info.js';
export {
  type MediaPart,
  type Part,
  type PartMetadata,
  PartSchema,
  type ToolRequest,
  type ToolRequestPart,
  ToolRequestPartSchema,
  type ToolResponsePart,
} from './parts.js';
export { copyPlainResponse, isPlainMessage } from './plain-response.js';
export { costOf, type ModelPrice, type Pricing, priceOf } from './pricing.js';
export type { GenerateRequest, ToolChoice } from './request.js';
export { type FinishReason, FinishReasonSchema, type GenerateResponse, GenerateResponseSchema } from './response.js';
export { type RouteOptions, type RouteRound, route } from './route.js';
export type { StepEvent, StepObserver } from './step-observer.js';
export { type JsonSchema, JsonSchemaSchema, type ToolDefinition, ToolDefinitionSchema } from './tool-definition.js';
export { type ModelUsage, type Usage, UsageSchema } from './usage.js';
export { markCheckedList, validateMessages } from './validate-messages.js';
export { withMiddleware } from './with-middleware.js';
