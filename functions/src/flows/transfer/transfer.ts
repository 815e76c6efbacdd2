import { callerUid } from '@callable-flows/kit/callable/index.js';
import { defineTool, type Tool } from '@callable-flows/kit/index.js';
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { type Account, AccountIdSchema, AccountSchema, type TransferOutput, TransferOutputSchema } from './account.js';

const TransferInputSchema = z.object({
  fromAccount: AccountIdSchema.describe("The user's own account the money leaves."),
  toAccount: AccountIdSchema.describe('The account the money goes to.'),
  amountCents: z.number().int().positive().max(10_000_000).describe('The amount in cents (1234 = 12.34).'),
  memo: z.string().max(200).optional().describe('A note for the statement.'),
});
type TransferInput = z.infer<typeof TransferInputSchema>;

async function account(ref: DocumentReference, tx?: Transaction): Promise<Account | undefined> {
  const snap = tx ? await tx.get(ref) : await ref.get();
  const parsed = snap.exists ? AccountSchema.safeParse(snap.data()) : undefined;
  return parsed?.success ? parsed.data : undefined;
}

/** Why the transfer can't go ahead, or undefined when it can. */
function refusal(input: TransferInput, uid: string | undefined, from?: Account, to?: Account): string | undefined {
  if (!from || from.ownerUid !== uid) return `no account ${input.fromAccount} of yours`;
  if (!to) return `no account ${input.toAccount}`;
  if (input.fromAccount === input.toAccount) return 'the accounts are the same';
  if (from.balanceCents < input.amountCents) return 'insufficient funds';
  return undefined;
}

/**
 * The `transfer` tool (the tools chapter's "confirm then transfer" timeline): it checks the
 * transfer, then interrupts for the user's confirmation. Money moves only when the call is
 * restarted (confirmed); a decline ends it without running this body (the model is told `{approved: false}`).
 */
export function transferTool(db: () => Promise<Firestore>): Tool {
  return defineTool(
    {
      name: 'transfer',
      description:
        "Moves money from one of the user's accounts to another account. The user must confirm; amounts in cents.",
      inputSchema: TransferInputSchema,
      outputSchema: TransferOutputSchema,
      sideEffects: 'idempotent',
      onDecline: (_input, reason) => ({ approved: false, reason: reason ?? 'declined by the user' }),
      // A write (a transaction): 10 s.
      timeoutMs: 10_000,
    },
    async (input, ctx): Promise<TransferOutput> => {
      const uid = callerUid(ctx.context);
      const firestore = await db();
      const fromRef = firestore.collection('accounts').doc(input.fromAccount);
      const toRef = firestore.collection('accounts').doc(input.toAccount);
      if (!ctx.resumed) {
        const reason = refusal(input, uid, await account(fromRef), await account(toRef));
        if (reason) return { approved: false, reason };
        const amount = (input.amountCents / 100).toFixed(2);
        // What an approval card shows (web/README.md, "What a tool tells the approval card").
        ctx.interrupt({
          title: `Send ${amount} to ${input.toAccount}?`,
          summary: `${amount} will move from ${input.fromAccount} to ${input.toAccount}${input.memo ? ` (${input.memo})` : ''}.`,
          consequence: "Money sent can't be called back.",
          approveLabel: `Send ${amount}`,
          declineLabel: "Don't send",
          declinedOutcome: 'Not sent',
          question: `Send ${amount} to ${input.toAccount}?`,
          ...input,
        });
      }
      const transferId = `t-${ctx.ref.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100)}`;
      return firestore.runTransaction(async (tx) => {
        const done = await tx.get(firestore.collection('transfers').doc(transferId));
        const [from, to] = [await account(fromRef, tx), await account(toRef, tx)];
        const sent = `Sent ${(input.amountCents / 100).toFixed(2)}`;
        if (done.exists) return { approved: true, transferId, balanceCents: from?.balanceCents ?? 0, outcome: sent };
        const reason = refusal(input, uid, from, to);
        if (reason || !from || !to) {
          const why = reason ?? 'unknown account';
          return { approved: false, reason: why, outcome: `Not sent: ${why}` };
        }
        const balanceCents = from.balanceCents - input.amountCents;
        tx.update(fromRef, { balanceCents });
        tx.update(toRef, { balanceCents: to.balanceCents + input.amountCents });
        tx.create(firestore.collection('transfers').doc(transferId), { ...input, byUid: uid, at: new Date() });
        return { approved: true, transferId, balanceCents, outcome: sent };
      });
    },
  );
}
