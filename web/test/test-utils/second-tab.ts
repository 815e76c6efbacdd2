import { AppPage } from './app-page.js';
import type { PageSet } from './browser.js';

/** Another tab of the user of `first` (in a viewport of `viewport`), showing the session `first` shows. */
export async function secondTab(
  pages: PageSet,
  first: AppPage,
  url: string,
  viewport?: { width: number; height: number },
): Promise<AppPage> {
  const second = new AppPage(await pages.sameUserPage(first.page));
  if (viewport) await second.page.setViewportSize(viewport);
  return second.open(url, `?session=${first.sessionId()}`);
}
