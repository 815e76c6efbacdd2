import type { z } from 'zod';
import type { GenerateResponseChunk } from './chunk.js';
import type { ModelStage, ModelSupports } from './model-info.js';
import type { GenerateRequest } from './request.js';
import type { GenerateResponse } from './response.js';
import type { JsonSchema } from './tool-definition.js';

/** Per-call options a model receives beside the request. */
export interface ModelCallOptions {
  /** Set when the caller streams; a runner that can stream sends incremental chunks here. */
  onChunk?: (chunk: GenerateResponseChunk) => void;
  /** Fires when the caller gives up; the runner must stop its HTTP call. */
  signal?: AbortSignal;
}

/** What a runner returns; the kit measures `latencyMs` itself and ignores the runner's. */
export type ModelRunnerResponse = Omit<GenerateResponse, 'latencyMs'> & { latencyMs?: number };

/** The function that actually talks to a model. */
export type ModelRunner = (request: GenerateRequest, options: ModelCallOptions) => Promise<ModelRunnerResponse>;

/** A step around a model call: it may change the request, the response, or call again. */
export type ModelMiddleware = (
  request: GenerateRequest,
  options: ModelCallOptions,
  next: (request: GenerateRequest, options: ModelCallOptions) => Promise<GenerateResponse>,
) => Promise<GenerateResponse>;

/** What {@link defineModel} is told about a model. */
export interface ModelInfo<Config extends z.ZodType = z.ZodType> {
  /** Unique name, e.g. `googleai/gemini-2.5-flash`. */
  name: string;
  label?: string;
  versions?: string[];
  supports?: ModelSupports;
  stage?: ModelStage;
  /** Schema of the model's `config`; the common keys by default. */
  configSchema?: Config;
}

/** A model made by {@link defineModel}. */
export interface Model<Config extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly info: Readonly<ModelInfo<Config>>;
  /** `configSchema` as JSON Schema, for tooling and for clients that build config. */
  readonly configJsonSchema: JsonSchema;
  /**
   * Runs one request through the model's middleware and runner. `request.messages` may be the
   * generate loop's own list, valid for the call: a model that keeps it copies it.
   */
  generate(request: GenerateRequest, options?: ModelCallOptions): Promise<GenerateResponse>;
}
