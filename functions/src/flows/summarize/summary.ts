import { z } from 'zod';

/** What `summarize` takes. */
export const SummarizeInputSchema = z.object({
  text: z.string().min(1).max(20_000),
  maxBullets: z.number().int().min(1).max(8).default(3),
});

/** What `summarize` returns: the structured output the model must produce. */
export const SummarySchema = z.object({
  title: z.string().min(1).max(120),
  bullets: z.array(z.string().min(1)).min(1).max(8),
});
export type Summary = z.infer<typeof SummarySchema>;

/** Where the text starts in the prompt (the scripted model reads it from there). */
export const TEXT_MARKER = 'TEXT:\n';
