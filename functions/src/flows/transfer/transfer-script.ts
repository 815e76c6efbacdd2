import type { PlayMove, PlayState } from '../scripted-play.js';

const AMOUNT = /(\d+(?:\.\d{1,2})?)/;
const ACCOUNT = /\b(ACC-[A-Za-z0-9]+)\b/i;
const money = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/**
 * The transfer assistant's offline conversation: read amount and payee from the user's words,
 * `listAccounts`, then `transfer` from the user's first account (it interrupts for
 * confirmation), then say what happened.
 */
export function nextTransferMove(state: PlayState): PlayMove {
  const to = ACCOUNT.exec(state.userText)?.[1]?.toUpperCase();
  const amount = AMOUNT.exec(state.userText.replace(ACCOUNT, ''))?.[1];
  const last = state.calls.at(-1);
  if (!to || !amount) return { text: 'How much should I send, and to which account (it looks like ACC-BOB)?' };
  const amountCents = Math.round(Number(amount) * 100);
  if (!last) return { call: { name: 'listAccounts', input: {} } };
  if (last.name === 'listAccounts') {
    const accounts = (last.output as { accounts?: { accountId: string; name: string }[] } | undefined)?.accounts ?? [];
    const from = accounts.find((a) => a.accountId !== to);
    if (!from) return { text: 'You have no account to pay from.' };
    return {
      text: `I will send ${money(amountCents)} from ${from.name} to ${to}. Please confirm.`,
      call: { name: 'transfer', input: { fromAccount: from.accountId, toAccount: to, amountCents } },
    };
  }
  const result = (last.output ?? {}) as { approved?: boolean; balanceCents?: number; reason?: string };
  if (!result.approved) return { text: `No money was moved${result.reason ? `: ${result.reason}` : ''}.` };
  return { text: `Sent ${money(amountCents)} to ${to}. Your balance is now ${money(result.balanceCents ?? 0)}.` };
}
