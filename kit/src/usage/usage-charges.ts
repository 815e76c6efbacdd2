import type { UsageCharge } from './usage-charge.js';

/** Told of every charge a session store wrote in this process (a usage limiter's copy of a user's day). */
export interface UsageChargeListener {
  /** The counters it keeps a copy of: it hears only the charges written to them. */
  readonly ledger: string | undefined;
  heard(charge: UsageCharge): void;
}

// Weakly held: a limiter that is gone (a test's, a redeployed callable's) stops listening by itself.
const listeners = new Set<WeakRef<UsageChargeListener>>();

/**
 * Makes `listener` hear the charges this process's session stores write. Why a process-wide
 * channel: the limiter that reads the counters and the store that charges them are configured
 * apart (the callable's `limits`, the agent's `store`), yet a limiter's copy must see at once
 * what a queued or approved turn of this instance spent.
 */
export function listenToUsageCharges(listener: UsageChargeListener): void {
  listeners.add(new WeakRef(listener));
}

/**
 * Tells the listeners over `ledger` (the counters a session store's commit just charged) of the
 * charge; a limiter over other counters (another instance's, or a store that charges none) is
 * not told of tokens it never pays.
 */
export function tellUsageCharged(charge: UsageCharge, ledger: string): void {
  for (const ref of listeners) {
    const listener = ref.deref();
    if (!listener) listeners.delete(ref);
    else if (listener.ledger === ledger) listener.heard(charge);
  }
}
