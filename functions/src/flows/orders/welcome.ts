import { appCheckRequired, assertAppCheck } from '@callable-flows/kit/callable/index.js';
import { KitError } from '@callable-flows/kit/errors/index.js';
import type { Firestore } from 'firebase-admin/firestore';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { usesScriptedModel } from '../flow-model.js';
import { ensureDemoOrders, type OrderSummary, ownOrders } from './demo-orders.js';

/** What the web app's empty page needs to know about the person signed in. */
export interface Welcome {
  /** Their orders (a guest's are demo orders made for them): the page's suggestions name them. */
  orders: OrderSummary[];
  /** Which model answers: `scripted` is the offline one, whose answers are canned (the page says so). */
  model: 'gemini' | 'scripted';
}

/** What the welcome call runs on. */
export interface WelcomeDeps {
  db: () => Promise<Firestore>;
}

/**
 * The welcome call: a guest (anonymous sign-in) gets demo orders of their own on first use, so
 * the page's suggestions work at once; a signed-in account gets its orders listed. It also says
 * whether the flows play their scripted model, by the same test the flows use (`usesScriptedModel`).
 */
export async function welcome(deps: WelcomeDeps, request: Pick<CallableRequest, 'auth' | 'app'>): Promise<Welcome> {
  assertAppCheck(appCheckRequired('unless-emulator'), request);
  const uid = request.auth?.uid;
  if (!uid) throw new KitError('unauthenticated', 'sign in first', { reason: 'UNAUTHENTICATED' });
  const provider = (request.auth?.token.firebase as { sign_in_provider?: unknown } | undefined)?.sign_in_provider;
  const db = await deps.db();
  const orders = provider === 'anonymous' ? await ensureDemoOrders(db, uid) : await ownOrders(db, uid);
  return { orders, model: usesScriptedModel() ? 'scripted' : 'gemini' };
}
