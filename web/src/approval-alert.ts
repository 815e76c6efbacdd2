import type { ApproverAddress } from '@callable-flows/client';
/** An approval that waits on the session on the page, as the alert says it. */
export interface WaitingOne {
  ref: string;
  /** The card's title (the tool's words). */
  title: string;
  /** Who besides the owner it is addressed to (its stamp), when anyone is. */
  approvers?: ApproverAddress;
}

/** The browser's notifications, as far as the alert uses them (absent where the browser has none). */
export interface PageNotifications {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  show(title: string, options: { body: string; tag: string }): void;
}

/** What the alert writes to: the tab's title, and whether the tab is hidden. */
export interface AlertPage {
  title: string;
  readonly hidden: boolean;
}

/**
 * Tells the person that an approval waits on the page's session when they may not be looking:
 * the tab's title says so ("(1) Approval waiting — Order assistant") while one waits, and, once
 * they allowed it, a browser notification for each approval that comes while the tab is hidden
 * (or is still waiting when it is hidden). Permission is asked only when they click for it
 * (`ask`), never by the page on its own.
 */
export class ApprovalAlert {
  private readonly base: string;
  private waiting: WaitingOne[] = [];
  /** Approvals the person has been shown (on the visible page or by a notification): each is told once. */
  private readonly told = new Set<string>();

  constructor(
    private readonly page: AlertPage,
    private readonly notifications: PageNotifications | undefined,
  ) {
    this.base = page.title;
  }

  /** The approvals that wait now on the page's session (none when it shows no session). */
  show(waiting: readonly WaitingOne[]): void {
    this.waiting = [...waiting];
    const count = waiting.length;
    this.page.title = count ? `(${count}) ${count === 1 ? 'Approval' : 'Approvals'} waiting — ${this.base}` : this.base;
    this.tell();
  }

  /** The tab was hidden or shown again. */
  visibilityChanged(): void {
    this.tell();
  }

  /** True while the person can still be asked (the browser has notifications and they have not answered). */
  get canAsk(): boolean {
    return this.notifications?.permission === 'default';
  }

  /** Asks the browser's permission: only ever from a click. */
  async ask(): Promise<NotificationPermission> {
    if (!this.notifications) return 'denied';
    const answer = await this.notifications.requestPermission();
    this.tell();
    return answer;
  }

  private tell(): void {
    for (const one of this.waiting) {
      if (this.told.has(one.ref)) continue;
      // On the visible page the card itself tells them.
      if (!this.page.hidden) {
        this.told.add(one.ref);
        continue;
      }
      if (this.notifications?.permission !== 'granted') continue;
      this.told.add(one.ref);
      this.notifications.show('Approval waiting', { body: one.title, tag: one.ref });
    }
  }
}

/** The browser's own notifications, or undefined where there are none (an older phone browser). */
export function browserNotifications(): PageNotifications | undefined {
  if (typeof Notification === 'undefined') return undefined;
  return {
    get permission() {
      return Notification.permission;
    },
    requestPermission: () => Notification.requestPermission(),
    show: (title, options) => {
      const shown = new Notification(title, options);
      shown.onclick = () => {
        window.focus();
        shown.close();
      };
    },
  };
}
