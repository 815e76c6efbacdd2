import { toHttpsError } from '@callable-flows/kit/callable/index.js';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { adminFirestore } from '../admin-firestore.js';
import { type Welcome, welcome as welcomeOf } from '../orders/welcome.js';

/** The deployed welcome call, on the functions' Firestore; its refusals are typed `HttpsError`s with a reason. */
export async function welcome(request: CallableRequest): Promise<Welcome> {
  try {
    return await welcomeOf({ db: adminFirestore }, request);
  } catch (error) {
    throw toHttpsError(error, { function: 'welcome', uid: request.auth?.uid });
  }
}
