// The engine alone: the model contract, tools, the generate loop and the models, with no
// Firebase SDK behind it. Import it where only the loop is needed (a script, a test, another
// host); kit/index.ts re-exports all of it beside the Firebase layers.
export type { DeclineReply } from '@callable-flows/protocol';
export { ERROR_REASONS, type ErrorReason, isKitError, KitError, type KitErrorCode } from './errors/index.js';
export {
  DEFAULT_MAX_TURNS,
  type GenerateOptions,
  type GenerateResult,
  generate,
  hasToolCall,
  type ModelResponseStep,
  type OutputOptions,
  OutputParseError,
  type PreparedStep,
  type ResumeOptions,
  type RoundRecord,
  type StopCondition,
  stepCountIs,
  type ToolCall,
  type ToolMiddleware,
  type ToolResultStep,
} from './generate/index.js';
export {
  type Document,
  defineModel,
  type FinishReason,
  fallback,
  type GenerateRequest,
  type GenerateResponse,
  type GenerateResponseChunk,
  type Message,
  type MeterOptions,
  type Model,
  type ModelInfo,
  type ModelMiddleware,
  type ModelPrice,
  type ModelRunner,
  type ModelSupports,
  type ModelUsage,
  meter,
  type Part,
  type Pricing,
  type RouteOptions,
  type RouteRound,
  retry,
  route,
  type StepEvent,
  type StepObserver,
  type ToolRequestPart,
  type ToolResponsePart,
  type Usage,
} from './model/index.js';
export {
  type GeminiConfig,
  GeminiConfigSchema,
  type GeminiModel,
  type GeminiOptions,
  type GeminiVertexOptions,
  gemini,
} from './models/gemini/index.js';
export { type ScriptedModel, type ScriptStep, scriptedModel } from './models/scripted/index.js';
export {
  type ActionContext,
  defineInterrupt,
  defineTool,
  type EditableInput,
  isToolInterruptError,
  type Tool,
  type ToolConfig,
  type ToolContext,
  ToolInterruptError,
  type ToolState,
} from './tools/index.js';
