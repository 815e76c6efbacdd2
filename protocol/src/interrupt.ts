import { z } from 'zod';
import * as mini from 'zod/mini';
import { PresentedInputSchema } from './presented-input.js';

/** Interrupt metadata: what the tool told the person, or `true` when it said nothing. */
export const WireInterruptMetadataSchema = z.union([z.record(z.string(), z.unknown()), z.literal(true)]);
export type WireInterruptMetadata = z.infer<typeof WireInterruptMetadataSchema>;

/**
 * An interrupt as the client sees it: answer it by `ref` and `name` in `resume`. `inputDigest`
 * is the server's digest of the pending call's input (sha-256 over its canonical JSON): a reply
 * that sends it back is admitted only while the stored call still has that input
 * (`APPROVAL_STALE` otherwise), so an approval is bound to what the person was shown. Absent
 * only in results stored before digests existed. `presented`: the input as the tool presents it
 * to the person who approves it (absent in results stored before presentations existed).
 */
export const WireInterruptSchema = z.object({
  ref: z.string(),
  name: z.string(),
  input: z.unknown(),
  metadata: WireInterruptMetadataSchema,
  inputDigest: z.string().optional(),
  // The codec's one definition (zod/mini), reused here: one shape, one schema.
  presented: mini.optional(PresentedInputSchema),
});
export type WireInterrupt = z.infer<typeof WireInterruptSchema>;
