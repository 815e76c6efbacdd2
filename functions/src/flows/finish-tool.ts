import { defineTool, type Tool } from '@callable-flows/kit/index.js';
import { z } from 'zod';

/**
 * The `finish` tool (the multi-turn agent article's stop signal): the model calls it once the
 * user's request is handled, with a summary, beside its final answer. It ends the loop
 * (`stop: true`): its output is the turn's `output`, and the model is not called again.
 */
export function finishTool(): Tool {
  return defineTool(
    {
      name: 'finish',
      description:
        "Ends the task. Call it once the user's request is fully handled, with a one-sentence summary of what was done, in the same message as your reply to the user: nothing is asked of you after it.",
      inputSchema: z.object({
        summary: z.string().min(1).max(1000).describe('One sentence: what was done for the user.'),
      }),
      outputSchema: z.object({ done: z.literal(true), summary: z.string() }),
      sideEffects: 'none',
      stop: true,
      timeoutMs: 5_000,
    },
    ({ summary }) => ({ done: true as const, summary }),
  );
}
