import type { CallableRequest } from 'firebase-functions/v2/https';
import type { ActionContext } from '../tools/index.js';

/** What tools and flows learn about the caller (`ctx.context`): never the raw tokens. */
export interface CallerContext extends ActionContext {
  auth?: { uid: string; token: Record<string, unknown> };
  app?: { appId: string };
}

/** The caller context of a callable request. */
export function callerContext(request: Pick<CallableRequest, 'auth' | 'app'>): CallerContext {
  const context: CallerContext = {};
  if (request.auth) context.auth = { uid: request.auth.uid, token: { ...request.auth.token } };
  if (request.app) context.app = { appId: request.app.appId };
  return context;
}

/** The caller's uid from a tool's or flow's `ctx.context`, or undefined when not signed in. */
export function callerUid(context: ActionContext): string | undefined {
  const auth = context.auth;
  if (typeof auth !== 'object' || auth === null) return undefined;
  const uid = (auth as { uid?: unknown }).uid;
  return typeof uid === 'string' && uid ? uid : undefined;
}
