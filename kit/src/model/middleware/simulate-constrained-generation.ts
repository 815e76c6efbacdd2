import type { ModelMiddleware } from '../model.js';
import type { ModelSupports } from '../model-info.js';
import { appendToLastUserMessage, lastUserMessageHasPurpose } from './last-user-message.js';

/** The instruction that stands in for constrained decoding. */
export function outputInstructions(schema: Record<string, unknown>): string {
  return `Output should be in JSON format and conform to the following schema:\n\n\`\`\`\n${JSON.stringify(schema)}\n\`\`\`\n`;
}

/**
 * Where the model can't enforce a schema for this request, the schema goes into the prompt
 * and the model is told not to constrain; the kit still validates what comes back.
 */
export function simulateConstrainedGeneration(level: NonNullable<ModelSupports['constrained']>): ModelMiddleware {
  return (request, options, next) => {
    const schema = request.output?.schema;
    if (!schema || !request.output?.constrained) return next(request, options);
    const native = level === 'all' || (level === 'no-tools' && !request.tools?.length);
    if (native) return next(request, options);
    const messages = lastUserMessageHasPurpose(request.messages, 'output')
      ? request.messages
      : appendToLastUserMessage(request.messages, {
          text: outputInstructions(schema),
          metadata: { purpose: 'output' },
        });
    return next({ ...request, messages, output: { ...request.output, constrained: false } }, options);
  };
}
