import type { AppPage } from './app-page.js';
import type { PageSet } from './browser.js';
import { newOrderOwner } from './order-owner.js';
import type { WebStack } from './web-stack.js';

/**
 * A new anonymous user (in a viewport of `viewport`) with order `orderId`, who asks to cancel it
 * and gets the approval card; resolves once the call has ended.
 */
export async function askToCancel(
  pages: PageSet,
  stack: WebStack,
  orderId: string,
  viewport?: { width: number; height: number },
): Promise<AppPage> {
  const app = await newOrderOwner(pages, stack, orderId, viewport);
  await app.send(`Please cancel my order ${orderId}, I ordered the wrong grinder.`);
  await app.approval('cancelOrder', 'waiting');
  await app.idle();
  return app;
}
