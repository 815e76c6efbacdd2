export { type GenerateResponseChunk, GenerateResponseChunkSchema } from './chunk.js';
export { composeMiddleware } from './compose-middleware.js';
export { defineModel, supportMiddleware } from './define-model.js';
export { type GenerationCommonConfig, GenerationCommonConfigSchema } from './generation-config.js';
export { type Document, DocumentSchema, type Message, MessageSchema, type Role, RoleSchema } from './message.js';
export { textOf, toolRequestsOf, toolResponsesOf } from './message-content.js';
export { augmentWithContext, citationKey, renderDocuments } from './middleware/augment-with-context.js';
export { FALLBACK_CODES, type FallbackOptions, fallback } from './middleware/fallback.js';
export { type MeterOptions, meter } from './middleware/meter.js';
export { backoffDelay, RETRYABLE_CODES, type RetryOptions, retry } from './middleware/retry.js';
export { retryAfterMs } from './middleware/retry-after.js';
export { shortToolName, shortToolNames } from './middleware/short-tool-names.js';
export { outputInstructions, simulateConstrainedGeneration } from './middleware/simulate-constrained-generation.js';
export { simulateSystemPrompt } from './middleware/simulate-system-prompt.js';
export { sleep } from './middleware/sleep.js';
export { findUnsupported, validateSupport } from './middleware/validate-support.js';
export type {
  Model,
  ModelCallOptions,
  ModelInfo,
  ModelMiddleware,
  ModelRunner,
  ModelRunnerResponse,
} from './model.js';
export { type ModelStage, ModelStageSchema, type ModelSupports, ModelSupportsSchema } from './model-info.js';
export {
  type CustomPart,
  CustomPartSchema,
  type DataPart,
  DataPartSchema,
  type MediaPart,
  MediaPartSchema,
  type Part,
  type PartMetadata,
  PartMetadataSchema,
  PartSchema,
  type ReasoningPart,
  ReasoningPartSchema,
  type ResourcePart,
  ResourcePartSchema,
  type TextPart,
  TextPartSchema,
  type ToolRequest,
  type ToolRequestPart,
  ToolRequestPartSchema,
  ToolRequestSchema,
  type ToolResponse,
  type ToolResponsePart,
  ToolResponsePartSchema,
  ToolResponseSchema,
} from './parts.js';
export { copyPlainResponse, isPlainMessage } from './plain-response.js';
export { costOf, type ModelPrice, type Pricing, priceOf } from './pricing.js';
export {
  type GenerateRequest,
  GenerateRequestSchema,
  type OutputConfig,
  OutputConfigSchema,
  type ToolChoice,
  ToolChoiceSchema,
} from './request.js';
export { type FinishReason, FinishReasonSchema, type GenerateResponse, GenerateResponseSchema } from './response.js';
export { type RouteOptions, type RouteRound, route } from './route.js';
export type { StepEvent, StepObserver } from './step-observer.js';
export { type JsonSchema, JsonSchemaSchema, type ToolDefinition, ToolDefinitionSchema } from './tool-definition.js';
export { type ModelUsage, ModelUsageSchema, type Usage, UsageSchema } from './usage.js';
export { markChecked, markCheckedList, validateMessages } from './validate-messages.js';
export { withMiddleware } from './with-middleware.js';
