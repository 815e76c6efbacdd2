import { AppPage } from './app-page.js';
import type { PageSet } from './browser.js';
import { giveOrder } from './orders.js';
import type { WebStack } from './web-stack.js';

/** A new anonymous user (in a viewport of `viewport`) on the app's page, who owns order `orderId`. */
export async function newOrderOwner(
  pages: PageSet,
  stack: WebStack,
  orderId: string,
  viewport?: { width: number; height: number },
): Promise<AppPage> {
  const app = await new AppPage(await pages.newUserPage(viewport)).open(stack.url);
  await giveOrder(stack.admin, await app.uid(), orderId);
  return app;
}
