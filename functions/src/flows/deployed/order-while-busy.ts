import type { WhileBusy } from '@callable-flows/kit/agent/index.js';
import { defineString } from 'firebase-functions/params';

/**
 * What the deployed order assistant does with a message sent while a turn runs: `queue` (the
 * default) or `interrupt` (the end-to-end tests of the interrupt deploy it so). A deploy parameter,
 * declared by the manifest (index.ts imports this module), read when the flow is first loaded.
 */
export const orderWhileBusy = defineString('ORDER_ASSISTANT_WHILE_BUSY', {
  default: 'queue',
  description: "What the order assistant does with a message sent while a turn runs: 'queue' or 'interrupt'.",
});

/** The parameter's value as the agent takes it (anything but `interrupt` queues). */
export function orderWhileBusyValue(): Extract<WhileBusy, 'queue' | 'interrupt'> {
  return orderWhileBusy.value() === 'interrupt' ? 'interrupt' : 'queue';
}
