export { type Artifact, type ArtifactPart, ArtifactPartSchema, ArtifactSchema } from './artifact-part.js';
export type { GenerateResponseChunk } from './chunk.js';
export { composeMiddleware } from './compose-middleware.js';
export { defineModel } from './define-model.js';
export { GenerationCommonConfigSchema } from './generation-config.js';
export { type Document, type Message, MessageSchema } from './message.js';
export { textOf, toolRequestsOf, toolResponsesOf } from './message-content.js';
export { messageTime, withMessageTime, withoutMessageTime } from './message-time.js';
export { fallback } from './middleware/fallback.js';
export { type MeterOptions, meter } from './middleware/meter.js';
export { retry } from './middleware/retry.js';
export { shortToolName } from './middleware/short-tool-names.js';
export { sleep } from './middleware/sleep.js';
export { findUnsupported } from './middleware/validate-support.js';
export type { Model, ModelCallOptions, ModelInfo, ModelMiddleware, ModelRunner, ModelRunnerResponse } from './model.js';
export type { ModelStage, ModelSupports } from './model-info.js';
export {
  type MediaPart,
  type Part,
  type PartMetadata,
  type ToolRequest,
  type ToolRequestPart,
  ToolRequestPartSchema,
  type ToolResponsePart,
} from './parts.js';
export type { ModelPrice, Pricing } from './pricing.js';
export type { GenerateRequest, ToolChoice } from './request.js';
export { type FinishReason, FinishReasonSchema, type GenerateResponse } from './response.js';
export { type RouteOptions, type RouteRound, route } from './route.js';
export { type SessionEvent, sessionEventChunk, sessionEventOf } from './session-event.js';
export type { StepEvent, StepObserver } from './step-observer.js';
export type { JsonSchema, ToolDefinition } from './tool-definition.js';
export { type ModelUsage, type Usage, UsageSchema } from './usage.js';
export { markCheckedList, validateMessages } from './validate-messages.js';
export { withMiddleware } from './with-middleware.js';
