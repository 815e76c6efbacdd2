import type { Locator, Page } from 'playwright-core';

/** The app on a page, as a person uses it. */
export class AppPage {
  constructor(readonly page: Page) {}

  /** Opens the app at `query` (`?session=…`) and waits until it has signed in and restored. */
  async open(baseUrl: string, query = ''): Promise<this> {
    await this.page.goto(`${baseUrl}/${query}`);
    await this.ready();
    return this;
  }

  /** Reloads the page and waits until it is ready again. */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.ready();
  }

  /** The signed-in user's uid. */
  async uid(): Promise<string> {
    const uid = await this.page.locator('#whoami').getAttribute('data-uid');
    if (!uid) throw new Error('the app shows no signed-in user');
    return uid;
  }

  /**
   * Records the `data` of every call the page makes to the assistant (the callable's request
   * body), so a test can tell what went over the wire.
   */
  recordCalls(): Record<string, unknown>[] {
    const calls: Record<string, unknown>[] = [];
    this.page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith('/orderAssistant')) return;
      calls.push((JSON.parse(request.postData() ?? '{}') as { data: Record<string, unknown> }).data);
    });
    return calls;
  }

  /** The text of the composer's hint (why the message box is disabled), '' when there is none. */
  async composerHint(): Promise<string> {
    const hint = this.page.locator('#composer-hint');
    return (await hint.isVisible()) ? ((await hint.textContent()) ?? '') : '';
  }

  /** Types a message and sends it. */
  async send(text: string): Promise<void> {
    await this.page.locator('#message').fill(text);
    await this.page.locator('#send').click();
  }

  /** The approval card of tool `name` in `state`, once it is on the page. */
  async approval(name: string, state: string): Promise<Locator> {
    const card = this.page.locator(`article.approval[data-tool="${name}"][data-state="${state}"]`);
    await card.waitFor({ state: 'visible' });
    return card;
  }

  /** Waits for an assistant bubble that says exactly `text`. */
  async assistantSays(text: string): Promise<void> {
    await this.page.locator('.bubble.assistant', { hasText: text }).last().waitFor({ state: 'visible' });
  }

  /** Waits until no call is running. */
  async idle(): Promise<void> {
    await this.page.locator('#log[aria-busy="false"]').waitFor({ state: 'attached' });
  }

  /** The texts of the assistant's bubbles. */
  assistantTexts(): Promise<string[]> {
    return this.page.locator('.bubble.assistant').allTextContents();
  }

  /** The session id the page shows (from its URL). */
  sessionId(): string | undefined {
    return new URL(this.page.url()).searchParams.get('session') ?? undefined;
  }

  /** The notice the page shows, once there is one. */
  async notice(kind: 'error' | 'info'): Promise<string> {
    const notice = this.page.locator(`.notice.${kind}`);
    await notice.waitFor({ state: 'visible' });
    return (await notice.textContent()) ?? '';
  }

  /**
   * Records every text the newest assistant bubble shows while a call runs (a MutationObserver
   * in the page), so a test can tell text that streamed in from text that came all at once.
   */
  async recordAssistantText(): Promise<() => Promise<string[]>> {
    await this.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenTexts: string[] }).seenTexts = seen;
      new MutationObserver(() => {
        const bubbles = document.querySelectorAll('.bubble.assistant');
        const text = bubbles[bubbles.length - 1]?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.querySelector('#log') as Node, { childList: true, subtree: true, characterData: true });
    });
    return () => this.page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
  }

  private async ready(): Promise<void> {
    await this.page.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
  }
}
