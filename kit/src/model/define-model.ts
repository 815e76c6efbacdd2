import { z } from 'zod';
import { type ErrorReason, isKitError, KitError, type KitErrorCode, withReason } from '../errors/index.js';
import { traceModelCall } from '../telemetry/index.js';
import { composeMiddleware } from './compose-middleware.js';
import { GenerationCommonConfigSchema } from './generation-config.js';
import { augmentWithContext } from './middleware/augment-with-context.js';
import { shortToolNames } from './middleware/short-tool-names.js';
import { simulateConstrainedGeneration } from './middleware/simulate-constrained-generation.js';
import { simulateSystemPrompt } from './middleware/simulate-system-prompt.js';
import { validateSupport } from './middleware/validate-support.js';
import type { Model, ModelInfo, ModelMiddleware, ModelRunner } from './model.js';
import type { ModelSupports } from './model-info.js';
import { copyPlainResponse } from './plain-response.js';
import type { GenerateRequest } from './request.js';
import { type GenerateResponse, GenerateResponseSchema } from './response.js';
import type { JsonSchema } from './tool-definition.js';

// What a model's own transient failure means to a client when its runner named no reason.
const MODEL_REASONS: Partial<Record<KitErrorCode, ErrorReason>> = {
  unavailable: 'MODEL_UNAVAILABLE',
  'deadline-exceeded': 'MODEL_UNAVAILABLE',
  'resource-exhausted': 'MODEL_QUOTA',
};

/** A runner's error with the model's reason, so the client hears "the model", not "the store". */
function modelReason(error: unknown): unknown {
  const reason = isKitError(error) ? MODEL_REASONS[error.code] : undefined;
  return reason ? withReason(error, reason) : error;
}

/** The middleware a model needs for what it does not do itself, as the model spec lists. */
export function supportMiddleware(name: string, supports: ModelSupports = {}): ModelMiddleware[] {
  const steps: ModelMiddleware[] = [shortToolNames(), validateSupport(name, supports)];
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
    // try/await, not `.catch`: no closure and no derived promise per model call.
    let raw: unknown;
    try {
      raw = await runner(request, options);
    } catch (error) {
      throw modelReason(error);
    }
    const latencyMs = performance.now() - started;
    const plain = copyPlainResponse(raw);
    if (plain) {
      // As the schema path below: a response names the model that answered (meter and spans read it).
      plain.model = info.name;
      plain.latencyMs = latencyMs;
      return plain;
    }
    const parsed = GenerateResponseSchema.safeParse(raw);
    if (!parsed.success) {
      throw new KitError(
        'unknown',
        `model '${info.name}' returned an invalid response: ${z.prettifyError(parsed.error)}`,
        { reason: 'MODEL_UNAVAILABLE' },
      );
    }
    return { ...parsed.data, model: parsed.data.model ?? info.name, latencyMs };
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
            // A flow's config, never the caller's data: the operator's to fix.
            new KitError('internal', `invalid config for model '${info.name}': ${z.prettifyError(config.error)}`, {
              reason: 'SERVER_MISCONFIGURED',
            }),
          );
        }
        request = { ...request, config: config.data as Record<string, unknown> };
      }
      const checked = request;
      return traceModelCall(info.name, checked, () => run(checked, options));
    },
  };
}
