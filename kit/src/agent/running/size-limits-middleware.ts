import type { ToolMiddleware } from '../../generate/index.js';
import { assertWithinLimit } from '../../session/session-limits.js';
import { isToolInterruptError } from '../../tools/index.js';

/**
 * Holds every tool call of an agent to the session's size limits before anything of it is
 * stored: its input before it runs, its interrupt's metadata, its output. A breach is the
 * tool's own error (`PAYLOAD_TOO_LARGE` naming the field), told to the model like any other,
 * so the turn goes on and the session stays usable.
 */
export const sizeLimitsMiddleware: ToolMiddleware = async (call, next) => {
  const tool = call.request.name;
  assertWithinLimit(call.request.input, 'toolInputBytes', `the input of tool '${tool}'`);
  let result: Awaited<ReturnType<typeof next>>;
  try {
    result = await next();
  } catch (error) {
    if (isToolInterruptError(error)) {
      assertWithinLimit(error.metadata, 'interruptMetadataBytes', `the interrupt metadata of tool '${tool}'`);
    }
    throw error;
  }
  assertWithinLimit(result.output, 'toolOutputBytes', `the output of tool '${tool}'`);
  return result;
};
