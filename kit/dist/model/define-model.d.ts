import { z } from 'zod';
import { GenerationCommonConfigSchema } from './generation-config.js';
import type { Model, ModelInfo, ModelMiddleware, ModelRunner } from './model.js';
import type { ModelSupports } from './model-info.js';
/** The middleware a model needs for what it does not do itself, as the model spec lists. */
export declare function supportMiddleware(name: string, supports?: ModelSupports): ModelMiddleware[];
/**
 * Makes a model from what it supports and a runner. The kit validates config, fills missing
 * capabilities with middleware, parses what the runner returns and measures latency.
 */
export declare function defineModel<Config extends z.ZodType = typeof GenerationCommonConfigSchema>(info: ModelInfo<Config>, runner: ModelRunner): Model<Config>;
