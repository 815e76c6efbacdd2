import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import { KitError } from '../errors/index.js';
import { lazy } from '../lazy/index.js';
import type { WaitingApproval } from '../session/index.js';
import { type DeviceToken, type DeviceTokenStore, firestoreDeviceTokens } from './device-tokens.js';
import { firestorePushWindow } from './firestore-push-window.js';
import type { ApprovalWaitingHook } from './notify-waiting.js';
import type { PushWindow } from './push-window.js';

/** The part of firebase-admin's `Messaging` the notifier sends through. */
export interface PushMessaging {
  sendEachForMulticast(message: MulticastMessage): Promise<BatchResponse>;
}

/** What a push says. */
export interface PushText {
  title: string;
  body: string;
}

/** Options of {@link pushNotifier}. */
export interface PushNotifierOptions {
  /** Default: `getMessaging()` of firebase-admin's default app, loaded on the first push. */
  messaging?: PushMessaging | (() => PushMessaging | Promise<PushMessaging>);
  /** Where the device tokens are. Default {@link firestoreDeviceTokens} (`users/{uid}/devices/{tokenId}`). */
  tokens?: DeviceTokenStore;
  /**
   * More uids to tell, besides the approval's `approverUids`: the holders of its `approverClaim`,
   * which only the app can list.
   */
  recipients?: (approval: WaitingApproval) => readonly string[] | Promise<readonly string[]>;
  /** The title and body of the push, which speaks for `count` approvals (1 unless coalesced). Default {@link defaultPushText}. */
  message?: (approval: WaitingApproval, count: number) => PushText;
  /**
   * Where each approver's pushes are coalesced to one a minute. Default {@link firestorePushWindow}
   * (`approvalPushes/{uid}`); `false` pushes every approval.
   */
  window?: PushWindow | false;
  /** The time in epoch ms. Default `Date.now`. */
  clock?: () => number;
}

/** FCM's answers that say a token will never take a message again: its document is deleted. */
const DEAD_TOKEN_CODES: ReadonlySet<string> = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);

/**
 * True when FCM refused `error`'s token for good. FCM's HTTP v1 API reports a malformed token as
 * `INVALID_ARGUMENT` (`messaging/invalid-argument`), as it does a malformed message: only the one
 * that names the registration token is the token's (a bad message must not cost every token).
 */
function isDeadToken(error: unknown): boolean {
  const code = errorCodeOf(error) ?? '';
  if (DEAD_TOKEN_CODES.has(code)) return true;
  const message = (error as { message?: unknown } | undefined)?.message;
  return code === 'messaging/invalid-argument' && typeof message === 'string' && /registration token/i.test(message);
}

/** FCM takes at most this many tokens per multicast. */
const MAX_TOKENS_PER_SEND = 500;
const MAX_BODY_CHARS = 180;

/**
 * The default push: "Approval waiting" ("3 approvals waiting" for a push that speaks for 3), and the tool's `metadata.title` (or `metadata.message`)
 * when it presented one, else the tool's name. Never the call's input.
 */
export function defaultPushText(approval: WaitingApproval, count = 1): PushText {
  const { title, message } = approval.metadata;
  const presented = typeof title === 'string' && title ? title : typeof message === 'string' ? message : '';
  const body = presented || `${approval.tool} waits for your answer`;
  return { title: count > 1 ? `${count} approvals waiting` : 'Approval waiting', body: body.slice(0, MAX_BODY_CHARS) };
}

/**
 * The message of one approval: its text, data to open it by (`sessionId`, `ref`, `approvalId`),
 * and the approval's id as collapse key, tag and topic on every platform, so that a second push
 * of the same approval (its notifier died between the push and marking it sent) replaces the first.
 */
export function approvalMessage(approval: WaitingApproval, text: PushText, tokens: string[]): MulticastMessage {
  const id = approval.id;
  return {
    tokens,
    notification: { title: text.title, body: text.body },
    data: { kind: 'approval-waiting', sessionId: approval.sessionId, ref: approval.ref, approvalId: id },
    android: { collapseKey: id, notification: { tag: id } },
    apns: { headers: { 'apns-collapse-id': id } },
    // The Topic header (at most 32 URL-safe characters: the id's length) replaces an undelivered push.
    webpush: { headers: { Topic: id }, notification: { tag: id, renotify: false } },
  };
}

const defaultMessaging: () => Promise<PushMessaging> = lazy(async () => {
  const [{ getApps, initializeApp }, { getMessaging }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/messaging'),
  ]);
  return getMessaging(getApps()[0] ?? initializeApp());
});

function errorCodeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

type Device = DeviceToken & { uid: string };

/** Sends `approval`'s message to `devices`, deletes the tokens FCM says are dead, and throws when none took it and FCM failed otherwise. */
async function sendToDevices(
  sender: PushMessaging,
  tokens: DeviceTokenStore,
  approval: WaitingApproval,
  said: PushText,
  devices: readonly Device[],
): Promise<void> {
  const dead = new Map<string, string[]>();
  let delivered = 0;
  let failed: unknown;
  for (let from = 0; from < devices.length; from += MAX_TOKENS_PER_SEND) {
    const slice = devices.slice(from, from + MAX_TOKENS_PER_SEND);
    const tokenList = slice.map((d) => d.token);
    const batch = await sender.sendEachForMulticast(approvalMessage(approval, said, tokenList));
    batch.responses.forEach((response, i) => {
      const device = slice[i] as Device;
      if (response.success) delivered++;
      else if (isDeadToken(response.error)) dead.set(device.uid, [...(dead.get(device.uid) ?? []), device.id]);
      else failed ??= response.error;
    });
  }
  await Promise.all([...dead].map(([uid, ids]) => tokens.remove(uid, ids)));
  if (!delivered && failed !== undefined) {
    throw new KitError('unavailable', `the push of approval '${approval.id}' reached no device`, { cause: failed });
  }
}

/** The approvers to push to now, by the count their push speaks for; `held` when any approver's minute is not over. */
async function admitted(
  window: PushWindow | undefined,
  approval: WaitingApproval,
  uids: Iterable<string>,
  now: number,
): Promise<{ byCount: Map<number, string[]>; held: boolean }> {
  const byCount = new Map<number, string[]>();
  let held = false;
  for (const uid of uids) {
    const admission = window ? await window.admit(uid, approval.id, now) : ({ kind: 'push', count: 1 } as const);
    if (admission.kind === 'held') held = true;
    if (admission.kind === 'push') byCount.set(admission.count, [...(byCount.get(admission.count) ?? []), uid]);
  }
  return { byCount, held };
}

/**
 * An `onApprovalWaiting` hook that pushes through FCM to every device the approval's approvers
 * registered, and deletes the token documents FCM says are dead. firebase-admin's messaging is
 * loaded on the first push, so an agent without a notifier loads none of it. Pushes are coalesced
 * per approver (`window`): one a minute, saying how many approvals it speaks for; an approval held
 * is answered `held`, so its notice stays unsent and the cleanup's sweep tells it once the minute
 * is over (counted in a push by then, it is not pushed again). A push that reaches no device
 * gives its minute back (`retract`), so its retry pushes. It throws (so the notice is tried again
 * after its claim lapses) only when no device took a push and some failure was not a dead token:
 * an outage, a quota.
 */
export function pushNotifier(options: PushNotifierOptions = {}): ApprovalWaitingHook {
  const tokens = options.tokens ?? firestoreDeviceTokens();
  const text = options.message ?? defaultPushText;
  const source = options.messaging ?? defaultMessaging;
  const window = options.window === false ? undefined : (options.window ?? firestorePushWindow());
  const clock = options.clock ?? Date.now;
  const messaging = async () => (typeof source === 'function' ? source() : source);
  return async (approval) => {
    const uids = new Set([...approval.approverUids, ...((await options.recipients?.(approval)) ?? [])]);
    const { byCount, held } = await admitted(window, approval, uids, clock());
    for (const [count, group] of byCount) {
      const devices: Device[] = [];
      for (const uid of group) for (const device of await tokens.tokensOf(uid)) devices.push({ ...device, uid });
      if (!devices.length) continue;
      try {
        await sendToDevices(await messaging(), tokens, approval, text(approval, count), devices);
      } catch (error) {
        // Reached no device: its retry must push again, so the minute it took is given back.
        await Promise.all(group.map((uid) => window?.retract(uid, approval.id)));
        throw error;
      }
    }
    return held ? 'held' : undefined;
  };
}
