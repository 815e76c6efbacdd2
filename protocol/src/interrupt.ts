import { z } from 'zod';

/** Interrupt metadata: what the tool told the person, or `true` when it said nothing. */
export const WireInterruptMetadataSchema = z.union([z.record(z.string(), z.unknown()), z.literal(true)]);
export type WireInterruptMetadata = z.infer<typeof WireInterruptMetadataSchema>;

/** An interrupt as the client sees it: answer it by `ref` and `name` in `resume`. */
export const WireInterruptSchema = z.object({
  ref: z.string(),
  name: z.string(),
  input: z.unknown(),
  metadata: WireInterruptMetadataSchema,
});
export type WireInterrupt = z.infer<typeof WireInterruptSchema>;
