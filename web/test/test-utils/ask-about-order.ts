import type { AppPage } from './app-page.js';
import type { PageSet } from './browser.js';
import { newOrderOwner } from './order-owner.js';
import type { WebStack } from './web-stack.js';

/**
 * A new anonymous user (in a viewport of `viewport`) with order `orderId`, who asks where it is;
 * resolves once the turn that looked it up has ended.
 */
export async function askAboutOrder(
  pages: PageSet,
  stack: WebStack,
  orderId: string,
  viewport?: { width: number; height: number },
): Promise<AppPage> {
  const app = await newOrderOwner(pages, stack, orderId, viewport);
  await app.send(`Where is my order ${orderId}?`);
  await app.page.locator('.tool[data-tool="queryOrder"][data-state="done"]').waitFor();
  await app.idle();
  return app;
}
