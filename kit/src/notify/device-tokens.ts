import type { Firestore } from 'firebase-admin/firestore';
import { lazy } from '../lazy/index.js';

/** Where an app's device tokens live: `users/{uid}/devices/{tokenId}`, each written by its own user (rules). */
export const DEVICE_TOKEN_PATH = { users: 'users', devices: 'devices' } as const;

/** Most device tokens read for one user (a person has a few devices; a flood of them is not read). */
const MAX_DEVICES = 50;

/** One registered device of a user. */
export interface DeviceToken {
  /** The token document's id. */
  id: string;
  /** The FCM registration token. */
  token: string;
  platform?: string;
}

/** The device tokens of users, as a notifier reads them, and removes the ones FCM no longer takes. */
export interface DeviceTokenStore {
  tokensOf(uid: string): Promise<DeviceToken[]>;
  remove(uid: string, ids: readonly string[]): Promise<void>;
}

/** Options of {@link firestoreDeviceTokens}. */
export interface FirestoreDeviceTokensOptions {
  /** Default: firebase-admin's default app, on first use. */
  firestore?: Firestore | (() => Promise<Firestore>);
  /** Default `users`. */
  users?: string;
  /** Default `devices`. */
  devices?: string;
  /** The time in epoch ms (a token past its `expireAt` is not used). Default `Date.now`. */
  clock?: () => number;
}

const defaultFirestore: () => Promise<Firestore> = lazy(async () => {
  const [{ getApps, initializeApp }, { getFirestore }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/firestore'),
  ]);
  return getFirestore(getApps()[0] ?? initializeApp());
});

/** The tokens at `users/{uid}/devices/{tokenId}` (`{ token, platform, updatedAt, expireAt }`), in firebase-admin's Firestore. */
export function firestoreDeviceTokens(options: FirestoreDeviceTokensOptions = {}): DeviceTokenStore {
  const users = options.users ?? DEVICE_TOKEN_PATH.users;
  const devices = options.devices ?? DEVICE_TOKEN_PATH.devices;
  const source = options.firestore ?? defaultFirestore;
  const clock = options.clock ?? Date.now;
  const db = async () => (typeof source === 'function' ? source() : source);
  const collection = async (uid: string) => (await db()).collection(users).doc(uid).collection(devices);
  return {
    async tokensOf(uid) {
      const snaps = await (await collection(uid)).limit(MAX_DEVICES).get();
      const now = clock();
      return snaps.docs.flatMap((snap) => {
        const { token, platform, expireAt } = snap.data();
        if (typeof token !== 'string' || !token) return [];
        // A token past its expireAt is stale (its TTL deletion lags by up to a day): not sent to.
        const expires = (expireAt as { toMillis?: () => number } | undefined)?.toMillis?.();
        if (expires !== undefined && expires <= now) return [];
        return [typeof platform === 'string' ? { id: snap.id, token, platform } : { id: snap.id, token }];
      });
    },
    async remove(uid, ids) {
      if (!ids.length) return;
      const ref = await collection(uid);
      const batch = (await db()).batch();
      for (const id of ids) batch.delete(ref.doc(id));
      await batch.commit();
    },
  };
}
