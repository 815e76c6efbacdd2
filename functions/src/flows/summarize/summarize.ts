import { defineFlow, type Flow } from '@callable-flows/kit/flow/index.js';
import { generate, KitError, type Model } from '@callable-flows/kit/index.js';
import { SummarizeInputSchema, SummarySchema, TEXT_MARKER } from './summary.js';

/** The summarizer's instructions. */
export const SUMMARIZE_SYSTEM =
  'You summarize texts faithfully: a short title and bullet points that keep every number, name and date the text gives. Add nothing the text does not say.';

/** The stateless `summarize` flow: text in, `{title, bullets}` out (structured output). */
export function defineSummarize(model: Model): Flow<typeof SummarizeInputSchema, typeof SummarySchema> {
  return defineFlow(
    { name: 'summarize', inputSchema: SummarizeInputSchema, outputSchema: SummarySchema },
    async ({ text, maxBullets }, ctx) => {
      const result = await generate({
        model,
        system: SUMMARIZE_SYSTEM,
        prompt: `Summarize the text in at most ${maxBullets} bullet points.\n\n${TEXT_MARKER}${text}`,
        output: { schema: SummarySchema },
        onChunk: ctx.onChunk,
        signal: ctx.signal,
        context: ctx.context,
      });
      if (!result.output) {
        throw new KitError('unavailable', `the model gave no summary (finish reason ${result.finishReason})`, {
          reason: 'MODEL_UNAVAILABLE',
        });
      }
      return result.output;
    },
  );
}
