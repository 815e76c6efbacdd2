import { deleteDoc, doc, type Firestore, serverTimestamp, setDoc, Timestamp } from 'firebase/firestore';

/** Where the functions' notifier reads device tokens (the kit's `DEVICE_TOKEN_PATH`): `users/{uid}/devices/{tokenId}`. */
export interface DevicePathOptions {
  /** Default `users`. */
  users?: string;
  /** Default `devices`. */
  devices?: string;
}

/** What {@link registerDevice} writes. */
export interface RegisterDeviceOptions extends DevicePathOptions {
  /** The signed-in user's uid: a user registers devices for themselves only (rules). */
  uid: string;
  /** The FCM registration token (`getToken(messaging, …)`). */
  token: string;
  /** Default `web`. */
  platform?: 'web' | 'android' | 'ios';
  /** How long the token is kept unless registered again (its `expireAt`, a TTL field; at most 90). Default 60. */
  ttlDays?: number;
}

const DAY_MS = 86_400_000;

/** The id of a token's document: the first 32 hex characters of its SHA-256, so one token is one document. */
export async function deviceTokenId(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 32);
}

/**
 * Registers this device's FCM token for the signed-in user, so approvals that wait for them are
 * pushed to it: writes `users/{uid}/devices/{tokenId}` `{ token, platform, updatedAt, expireAt }`.
 * Registering again (on each start, as FCM advises) renews it. Returns the token's document id.
 */
export async function registerDevice(firestore: Firestore, options: RegisterDeviceOptions): Promise<string> {
  const tokenId = await deviceTokenId(options.token);
  const ttlDays = Math.min(options.ttlDays ?? 60, 90);
  await setDoc(doc(firestore, options.users ?? 'users', options.uid, options.devices ?? 'devices', tokenId), {
    token: options.token,
    platform: options.platform ?? 'web',
    updatedAt: serverTimestamp(),
    // The client's clock sets the expiry; the rules bound it to 90 days after the server's.
    expireAt: Timestamp.fromMillis(Date.now() + ttlDays * DAY_MS),
  });
  return tokenId;
}

/** Removes this device's token (on sign-out): no more pushes reach it for this user. */
export async function unregisterDevice(
  firestore: Firestore,
  options: DevicePathOptions & { uid: string; token: string },
): Promise<void> {
  const tokenId = await deviceTokenId(options.token);
  await deleteDoc(doc(firestore, options.users ?? 'users', options.uid, options.devices ?? 'devices', tokenId));
}
