import type { McpToolInfo } from '@callable-flows/kit/mcp/index.js';
import type { PresentContext } from '@callable-flows/kit/tools/index.js';
import type { PresentedField, PresentedInput } from '@callable-flows/protocol';

// What a manager (and the customer, on their own card) is shown of a refund: the card's words say
// what happens and what can't be taken back, in the tool's words, not the kit's boilerplate; the
// list of what runs labels each value in words and says whose words it holds. The amount is the
// model's (from checkRefund's answer), and the refunds server refunds it only when it is the
// stored order's total, so the amount a manager approves is the amount refunded, or nothing is.

const euros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** An amount in euro cents as a person reads it: "€24.50". */
export const eurosOf = (cents: number): string => euros.format(cents / 100);

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);
const cents = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;

/** The card's words for a refund: a question with the amount, what happens, what it can't undo, the buttons. */
export function refundWords(_tool: McpToolInfo, input: Record<string, unknown>): Record<string, unknown> {
  const orderId = String(input.orderId);
  const amount = cents(input.amountCents);
  const item = text(input.item) ?? 'item';
  const status = text(input.status);
  return {
    title: amount === undefined ? `Refund order ${orderId}?` : `Refund ${eurosOf(amount)} for order ${orderId}?`,
    summary: `Refund the ${item} of order ${orderId}${status ? ` (${status})` : ''}.`,
    consequence:
      amount === undefined
        ? 'The order is marked refunded. This can’t be undone.'
        : `The customer gets ${eurosOf(amount)} back and the order is marked refunded; the refunds desk refuses any amount but the order’s total. This can’t be undone.`,
    approveLabel: 'Approve refund',
    declineLabel: 'Decline refund',
    declinedOutcome: 'Not refunded',
  };
}

/**
 * What runs, field by field: the order, the item, its status and the amount as the model passed
 * them on from checkRefund; the customer's own last message, quoted; the reason the model wrote.
 */
export function refundShown(
  _tool: McpToolInfo,
  input: Record<string, unknown>,
  { userText }: PresentContext,
): PresentedInput {
  const fields: PresentedField[] = [{ label: 'Order', value: String(input.orderId), source: 'model' }];
  const item = text(input.item);
  if (item) fields.push({ label: 'Item', value: item, source: 'model' });
  const status = text(input.status);
  if (status) fields.push({ label: 'Status', value: status, source: 'model' });
  const amount = cents(input.amountCents);
  if (amount !== undefined) fields.push({ label: 'Amount', value: eurosOf(amount), source: 'model' });
  const said = text(userText);
  if (said) fields.push({ label: 'The customer wrote', value: said, source: 'owner' });
  const reason = text(input.reason);
  if (reason) fields.push({ label: 'Reason given', value: reason, source: 'model' });
  return { fields };
}
