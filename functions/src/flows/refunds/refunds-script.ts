import type { PlayedCall, PlayMove, PlayState } from '../scripted-play.js';
import type { CheckRefundOutput, RefundOrderOutput } from './refund-order.js';

// An order id as a person writes it: A-1001, or a guest demo order's D-123456.
const ORDER_ID = /\b([A-Za-z]-\d{4,6})\b/;

/** The calls made since the conversation was last handed to an agent: what the agent in charge did itself. */
export function callsSinceHandoff(calls: readonly PlayedCall[]): PlayedCall[] {
  const at = calls.findLastIndex((c) => c.name.startsWith('transfer_to_'));
  return calls.slice(at + 1);
}

const handBack: PlayMove = { call: { name: 'transfer_to_orderAssistant', input: {} } };

function afterCheck(orderId: string, check: CheckRefundOutput): PlayMove {
  if (!check.found) return { text: `I could not find order ${orderId} on your account.` };
  if (!check.refundable) {
    return check.status && check.status !== 'shipped' && check.status !== 'delivered'
      ? { text: `Order ${orderId} is ${check.status}: only an order that has shipped can be refunded.` }
      : { text: `Order ${orderId} can't be refunded: ${check.reason}.` };
  }
  return {
    text: `Order ${orderId} (${check.item}) is ${check.status}. A refund needs a manager's approval: I've asked for it.`,
    call: {
      name: 'refundOrder',
      input: {
        orderId,
        item: check.item,
        status: check.status,
        ...(check.totalCents === undefined ? {} : { amountCents: check.totalCents }),
        reason: 'requested by the customer',
      },
    },
  };
}

/**
 * The refunds agent's offline conversation, as a plausible model would play it: handed a refund,
 * `checkRefund` the order the user named, then `refundOrder` (it waits for a manager), then say how
 * it went; a later message about anything but a refund is handed back to the order assistant.
 */
export function nextRefundsMove(state: PlayState): PlayMove {
  const orderId = ORDER_ID.exec(state.userText)?.[1]?.toUpperCase();
  const handedNow = state.calls.at(-1)?.name === 'transfer_to_refunds';
  const last = callsSinceHandoff(state.calls).at(-1);
  if (!last) {
    if (!handedNow && !/\brefund/i.test(state.userText)) return handBack;
    if (!orderId) return { text: 'Which order should I refund? Please tell me its id (it looks like A-1001).' };
    return {
      text: `I'm the refunds desk. Let me check order ${orderId}.`,
      call: { name: 'checkRefund', input: { orderId } },
    };
  }
  const id = orderId ?? 'that order';
  switch (last.name) {
    case 'checkRefund':
      return afterCheck(id, (last.output ?? { found: false, refundable: false }) as CheckRefundOutput);
    case 'refundOrder': {
      const result = (last.output ?? {}) as Partial<RefundOrderOutput> & { declined?: boolean };
      if (result.refunded) return { text: `Order ${id} has been refunded.` };
      return { text: `Order ${id} was not refunded: ${result.reason ?? 'a manager declined the refund'}.` };
    }
    default:
      return { text: 'Done.' };
  }
}
