import { stampInterrupt, stampPendingOutput } from '../call-state/index.js';
import type { Message } from '../model/index.js';
import { emptySession, type Session } from '../session/index.js';

/** Milliseconds in an hour and in a day. */
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A session as an agent leaves it, last updated at `updatedAt`. */
export function sessionAt(id: string, updatedAt: number, history: Message[], status: Session['status']): Session {
  return {
    ...emptySession({ id, ownerUid: `user-${id}`, agent: 'bank', now: updatedAt }),
    status,
    version: 3,
    expireAt: updatedAt + 30 * DAY,
    history,
    turns: 1,
  };
}

/**
 * The history of a turn that waits for a person: `transfer` interrupted, `balance` finished
 * with its output kept pending (as the generate loop stamps them).
 */
export function waitingHistory(n: number): Message[] {
  const transfer = { toolRequest: { name: 'transfer', ref: `t${n}`, input: { cents: 100 + n } } };
  const balance = { toolRequest: { name: 'balance', ref: `b${n}`, input: {} } };
  return [
    { role: 'user', content: [{ text: `send ${n} cents to Bob` }] },
    {
      role: 'model',
      content: [
        stampInterrupt(transfer, { need: 'confirm' }),
        stampPendingOutput(balance, { toolResponse: { name: 'balance', ref: `b${n}`, output: { cents: 5000 } } }),
      ],
    },
  ];
}

/** A finished conversation of `turns` question-and-answer turns. */
export function idleHistory(turns: number): Message[] {
  return Array.from({ length: turns }, (_, i): Message[] => [
    { role: 'user', content: [{ text: `question ${i}: where is order #${1000 + i}?` }] },
    { role: 'model', content: [{ text: `Order #${1000 + i} ships tomorrow. `.repeat(8) }] },
  ]).flat();
}

/** An interrupted session that waits for a person (its status and pending calls agree with its history). */
export function waitingSession(id: string, updatedAt: number, n = 0): Session {
  const history = waitingHistory(n);
  const last = history[1] as Message;
  const [interrupt] = last.content as Session['interrupts'];
  return {
    ...sessionAt(id, updatedAt, history, 'interrupted'),
    interrupts: [interrupt as Session['interrupts'][number]],
  };
}

/** How many stale sessions of each kind {@link staleSessions} makes. */
export interface StaleMix {
  /** Interrupted sessions past the interrupt TTL (2 days old): to expire. */
  waiting: number;
  /** Idle sessions past the session TTL (40 days old): to delete. */
  old: number;
  /** Interrupted sessions past the session TTL: to delete, not expire. */
  oldWaiting: number;
  /** Of the old idle sessions, how many have long histories (chunk documents with a small layout). */
  long: number;
  /** Sub-agents' sessions, one each of the first old idle sessions, a little older than it. Default 0. */
  subs?: number;
}

/** Stale sessions as of `now`, in the mix asked for, with ids `prefix…`. */
export function staleSessions(mix: StaleMix, now: number, prefix = 's'): Session[] {
  const out: Session[] = [];
  for (let i = 0; i < mix.waiting; i++) out.push(waitingSession(`${prefix}w${i}`, now - 2 * DAY - i, i));
  for (let i = 0; i < mix.old; i++) {
    out.push(sessionAt(`${prefix}o${i}`, now - 40 * DAY - i, idleHistory(i < mix.long ? 30 : 1), 'idle'));
  }
  for (let i = 0; i < mix.oldWaiting; i++) out.push(waitingSession(`${prefix}ow${i}`, now - 35 * DAY - i, i));
  for (let i = 0; i < (mix.subs ?? 0); i++) {
    // The sub-agent's session is older than its parent's: the parent's call wrote after it.
    const sub = sessionAt(`${prefix}s${i}`, now - 40 * DAY - i - 1, idleHistory(1), 'idle');
    out.push({ ...sub, parent: { sessionId: `${prefix}o${i}`, ref: `t${i}`, agent: 'bank' } });
  }
  return out;
}
