import type { CallableRequest } from 'firebase-functions/v2/https';
import type { ActionContext } from '../tools/index.js';
/** What tools and flows learn about the caller (`ctx.context`): never the raw tokens. */
export interface CallerContext extends ActionContext {
    auth?: {
        uid: string;
        token: Record<string, unknown>;
    };
    app?: {
        appId: string;
    };
}
/** The caller context of a callable request. */
export declare function callerContext(request: Pick<CallableRequest, 'auth' | 'app'>): CallerContext;
/** The caller's uid from a tool's or flow's `ctx.context`, or undefined when not signed in. */
export declare function callerUid(context: ActionContext): string | undefined;
