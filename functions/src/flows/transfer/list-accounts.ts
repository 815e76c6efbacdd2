import { callerUid } from '@callable-flows/kit/callable/index.js';
import { defineTool, type Tool } from '@callable-flows/kit/index.js';
import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { AccountSchema } from './account.js';

/** The `listAccounts` tool: the caller's own accounts and balances. */
export function listAccountsTool(db: () => Promise<Firestore>): Tool {
  return defineTool(
    {
      name: 'listAccounts',
      description: "Lists the user's own accounts with their balances in cents.",
      inputSchema: z.object({}),
      // A read: 5 s; it changes nothing, so its result rides along with the turn's next write
      // instead of costing a journal commit of its own.
      timeoutMs: 5_000,
      sideEffects: 'none',
      outputSchema: z.object({
        accounts: z.array(z.object({ accountId: z.string(), name: z.string(), balanceCents: z.number().int() })),
      }),
    },
    async (_input, ctx) => {
      const uid = callerUid(ctx.context);
      if (!uid) return { accounts: [] };
      const snap = await (await db()).collection('accounts').where('ownerUid', '==', uid).get();
      const accounts = snap.docs.flatMap((doc) => {
        const account = AccountSchema.safeParse(doc.data());
        return account.success
          ? [{ accountId: doc.id, name: account.data.name, balanceCents: account.data.balanceCents }]
          : [];
      });
      return { accounts };
    },
  );
}
