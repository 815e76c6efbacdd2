import { z } from 'zod';
import { defineTool, type Tool } from '../kit/index.js';

/**
 * The `finish` tool (the multi-turn agent article's stop signal): the model calls it once the
 * user's request is handled, with a summary, then gives its final answer.
 */
export function finishTool(): Tool {
  return defineTool(
    {
      name: 'finish',
      description:
        "Ends the task. Call it once the user's request is fully handled, with a one-sentence summary of what was done, then reply to the user.",
      inputSchema: z.object({
        summary: z.string().min(1).max(1000).describe('One sentence: what was done for the user.'),
      }),
      outputSchema: z.object({ done: z.literal(true) }),
      timeoutMs: 5_000,
    },
    () => ({ done: true as const }),
  );
}
