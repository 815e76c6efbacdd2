import { z } from 'zod';
import { KitError } from '../errors/index.js';
import { composeMiddleware } from './compose-middleware.js';
import { GenerationCommonConfigSchema } from './generation-config.js';
import { augmentWithContext } from './middleware/augment-with-context.js';
import { simulateConstrainedGeneration } from './middleware/simulate-constrained-generation.js';
import { simulateSystemPrompt } from './middleware/simulate-system-prompt.js';
import { validateSupport } from './middleware/validate-support.js';
import type { Model, ModelInfo, ModelMiddleware, ModelRunner } from './model.js';
import type { ModelSupports } from './model-info.js';
import { copyPlainResponse } from './plain-response.js';
import type { GenerateRequest } from './request.js';
import { type GenerateResponse, GenerateResponseSchema } from './response.js';
import type { JsonSchema } from './tool-definition.js';

/** The middleware a model needs for what it does not do itself, as the model spec lists. */
export function supportMiddleware(name: string, supports: ModelSupports = {}): ModelMiddleware[] {
  const steps: ModelMiddleware[] = [validateSupport(name, supports)];
  if (supports.systemRole === false) steps.push(simulateSystemPrompt());
  if (!supports.context) steps.push(augmentWithContext());
  if (supports.constrained !== 'all') steps.push(simulateConstrainedGeneration(supports.constrained ?? 'none'));
  return steps;
}

/**
 * Makes a model from what it supports and a runner. The kit validates config, fills missing
 * capabilities with middleware, parses what the runner returns and measures latency.
 */
export function defineModel<Config extends z.ZodType = typeof GenerationCommonConfigSchema>(
  info: ModelInfo<Config>,
  runner: ModelRunner,
): Model<Config> {
  const configSchema: z.ZodType = info.configSchema ?? GenerationCommonConfigSchema;
  const run = composeMiddleware(supportMiddleware(info.name, info.supports), async (request, options) => {
    const started = performance.now();
    const raw = await runner(request, options);
    const latencyMs = performance.now() - started;
    const plain = copyPlainResponse(raw);
    if (plain) {
      plain.latencyMs = latencyMs;
      return plain;
    }
    const parsed = GenerateResponseSchema.safeParse(raw);
    if (!parsed.success) {
      throw new KitError(
        'unknown',
        `model '${info.name}' returned an invalid response: ${z.prettifyError(parsed.error)}`,
      );
    }
    return { ...parsed.data, latencyMs };
  });
  let configJsonSchema: JsonSchema | undefined;

  return {
    name: info.name,
    info,
    get configJsonSchema(): JsonSchema {
      configJsonSchema ??= z.toJSONSchema(configSchema, { unrepresentable: 'any' }) as JsonSchema;
      return configJsonSchema;
    },
    generate(request: GenerateRequest, options = {}): Promise<GenerateResponse> {
      if (request.config !== undefined) {
        const config = configSchema.safeParse(request.config);
        if (!config.success) {
          return Promise.reject(
            new KitError(
              'invalid-argument',
              `invalid config for model '${info.name}': ${z.prettifyError(config.error)}`,
            ),
          );
        }
        request = { ...request, config: config.data as Record<string, unknown> };
      }
      return run(request, options);
    },
  };
}
