import { z } from 'zod';

/** An account id: letters, digits and `-`, so it can never address another document. */
export const AccountIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'an account id looks like ACC-ALICE');

/** An account document (`accounts/{accountId}`); money in integer cents. */
export const AccountSchema = z.object({
  ownerUid: z.string(),
  name: z.string(),
  balanceCents: z.number().int(),
});
export type Account = z.infer<typeof AccountSchema>;

/** What `transfer` tells the model (a declined call: `{approved: false, reason}`). */
export const TransferOutputSchema = z.object({
  approved: z.boolean(),
  transferId: z.string().optional(),
  /** The paying account's balance after the transfer. */
  balanceCents: z.number().int().optional(),
  /** Why no money moved. */
  reason: z.string().optional(),
  /** What happened, in a few words for the person (an approval card shows it: "Sent 25.00"). */
  outcome: z.string().optional(),
});
export type TransferOutput = z.infer<typeof TransferOutputSchema>;
