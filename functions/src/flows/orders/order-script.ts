import { callsSinceHandoff } from '../refunds/refunds-script.js';
import type { PlayMove, PlayState } from '../scripted-play.js';

// An order id as a person writes it: A-1001, or a guest demo order's D-123456.
const ORDER_ID = /\b([A-Za-z]-\d{4,6})\b/;

interface QueriedOrder {
  found: boolean;
  status?: string;
  item?: string;
  estimatedDelivery?: string;
}

/** What the user asked for, read from their words. */
interface Wants {
  cancel: boolean;
  refund: boolean;
  /** A different delivery address. */
  address: boolean;
}

// The refunds agent's hand-off tool (order-assistant.ts).
const HAND_OFF = { name: 'transfer_to_refunds', input: {} };

// The answer and the finish call in one message: `finish` ends the turn (no model call after it).
const finish = (summary: string): PlayMove => ({ text: summary, call: { name: 'finish', input: { summary } } });

function afterQuery(orderId: string, wants: Wants, order: QueriedOrder): PlayMove {
  if (!order.found) return finish(`I could not find order ${orderId} on your account.`);
  if (wants.address) {
    if (order.status !== 'processing')
      return finish(`Order ${orderId} is ${order.status}: it can no longer be sent elsewhere.`);
    return { text: `Order ${orderId} is still processing.`, call: { name: 'whichAddress', input: { orderId } } };
  }
  const wantsCancel = wants.cancel;
  if (!wantsCancel) {
    return finish(
      `Order ${orderId} (${order.item}) is ${order.status}; estimated delivery ${order.estimatedDelivery}.`,
    );
  }
  if (order.status !== 'processing')
    return finish(`Order ${orderId} is ${order.status} and can no longer be cancelled.`);
  return {
    text: `Order ${orderId} (${order.item}) is still processing, so it can be cancelled. I need your confirmation first.`,
    call: { name: 'cancelOrder', input: { orderId, reason: 'requested by the customer' } },
  };
}

/**
 * The order assistant's offline conversation, as a plausible model would play it: read the
 * order id from the user's words, `queryOrder`, then `cancelOrder` if asked (it interrupts for
 * confirmation), then say the summary and call `finish` with it, in one message. A refund is handed
 * to the refunds agent (`transfer_to_refunds`) at once.
 */
export function nextOrderMove(state: PlayState): PlayMove {
  const orderId = ORDER_ID.exec(state.userText)?.[1]?.toUpperCase();
  const wants: Wants = {
    cancel: /\bcancel/i.test(state.userText),
    refund: /\brefund/i.test(state.userText),
    address: /\baddress\b|\bdeliver(ed)? (it )?(to|elsewhere)\b/i.test(state.userText),
  };
  // A refund is the refunds agent's: the conversation is handed to it, which goes on in this turn.
  if (wants.refund) return { text: "Refunds are handled by our refunds desk: I'm handing you over.", call: HAND_OFF };
  // Handed back by the refunds agent: what it did is not this agent's to go on with.
  const last = callsSinceHandoff(state.calls).at(-1);
  if (!last) {
    if (!orderId) return { text: 'Which order do you mean? Please tell me its id (it looks like A-1001).' };
    return { text: `Let me look up order ${orderId}.`, call: { name: 'queryOrder', input: { orderId } } };
  }
  const id = orderId ?? 'that order';
  switch (last.name) {
    case 'queryOrder':
      return afterQuery(id, wants, (last.output ?? { found: false }) as QueriedOrder);
    case 'whichAddress': {
      const address = (last.output as { address?: string } | undefined)?.address ?? 'the address you gave';
      return finish(
        `You want order ${id} delivered to ${address}; I can't change addresses myself, so I've passed it on to support.`,
      );
    }
    case 'cancelOrder': {
      // A call whose tool threw gives back its error's words in place of a reason.
      const result = (last.output ?? {}) as { cancelled?: boolean; reason?: string; error?: string };
      return finish(
        result.cancelled
          ? `Order ${id} has been cancelled.`
          : `Order ${id} was not cancelled: ${result.reason ?? result.error ?? 'no reason was given'}.`,
      );
    }
    default:
      return { text: String((last.input as { summary?: unknown } | undefined)?.summary ?? 'Done.') };
  }
}
