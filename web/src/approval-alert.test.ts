import { describe, expect, it } from 'vitest';
import { type AlertPage, ApprovalAlert, type PageNotifications } from './approval-alert.js';

function world(permission: NotificationPermission = 'default') {
  const page: AlertPage & { hidden: boolean } = { title: 'Order assistant', hidden: false };
  const shown: { title: string; body: string; tag: string }[] = [];
  let asked = 0;
  const notifications: PageNotifications = {
    get permission() {
      return permission;
    },
    requestPermission: async () => {
      asked++;
      permission = 'granted';
      return permission;
    },
    show: (title, options) => shown.push({ title, ...options }),
  };
  return { page, shown, notifications, alert: new ApprovalAlert(page, notifications), asked: () => asked };
}

const CANCEL = { ref: 'r1', title: 'Cancel order A-1001?' };

describe('ApprovalAlert', () => {
  it('says in the tab title how many approvals wait, and puts the title back once none does', () => {
    const w = world();
    w.alert.show([CANCEL]);
    expect(w.page.title).toBe('(1) Approval waiting — Order assistant');
    w.alert.show([CANCEL, { ref: 'r2', title: 'Refund?' }]);
    expect(w.page.title).toBe('(2) Approvals waiting — Order assistant');
    w.alert.show([]);
    expect(w.page.title).toBe('Order assistant');
  });

  it('asks no permission by itself, and notifies nobody until the person allowed it', () => {
    const w = world();
    w.page.hidden = true;
    w.alert.show([CANCEL]);
    expect(w.asked()).toBe(0);
    expect(w.shown).toEqual([]);
    expect(w.alert.canAsk).toBe(true);
  });

  it('notifies once of an approval that waits while the tab is hidden, after the person allowed it', async () => {
    const w = world();
    w.page.hidden = true;
    w.alert.show([CANCEL]);
    await w.alert.ask();
    expect(w.asked()).toBe(1);
    expect(w.shown).toEqual([{ title: 'Approval waiting', body: 'Cancel order A-1001?', tag: 'r1' }]);
    w.alert.show([CANCEL]);
    w.alert.visibilityChanged();
    expect(w.shown).toHaveLength(1);
    expect(w.alert.canAsk).toBe(false);
  });

  it('does not notify of an approval the visible page showed, even once the tab is hidden', () => {
    const w = world('granted');
    w.alert.show([CANCEL]);
    w.page.hidden = true;
    w.alert.visibilityChanged();
    expect(w.shown).toEqual([]);
    w.alert.show([CANCEL, { ref: 'r2', title: 'Refund?' }]);
    expect(w.shown.map((s) => s.tag)).toEqual(['r2']);
  });
});
