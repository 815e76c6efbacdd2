import * as logger from 'firebase-functions/logger';
import { onCall } from 'firebase-functions/v2/https';
import { KitError } from '../errors/index.js';
import { lazy } from '../lazy/index.js';
import { within } from '../timing/index.js';
// The sink alone: it loads the logger on the first trace, keeping the cold start light.
import { loggerTraceSink } from '../trace/logger-trace-sink.js';
import { appCheckRequired, assertAppCheck } from './app-check.js';
import { signedIn } from './auth-policy.js';
import { callLogScope } from './call-log-scope.js';
import { callSignal, deadlineFor, followClient } from './call-signal.js';
import { callUsage, requestedSessionId } from './call-usage.js';
import { UsageLimiter } from './limits/usage-limiter.js';
import { toHttpsError } from './to-https-error.js';
const loadRunCall = lazy(() => import('./run-call.js'));
function resolver(target) {
    // A failed import is tried again on the next call.
    return typeof target === 'function' ? lazy(target) : () => Promise.resolve(target);
}
async function authorize(policy, allowAnonymous, request) {
    const provider = request.auth?.token.firebase?.sign_in_provider;
    if (provider === 'anonymous' && !allowAnonymous) {
        throw new KitError('unauthenticated', 'sign in with an account: this function does not take anonymous users', {
            reason: 'UNAUTHENTICATED',
        });
    }
    if (await policy(request.auth ?? null, request.data))
        return;
    // No identity is a different fix (sign in) from the wrong identity (ask for access).
    if (!request.auth)
        throw new KitError('unauthenticated', 'sign in to call this function', { reason: 'UNAUTHENTICATED' });
    throw new KitError('permission-denied', 'the auth policy refused this caller', { reason: 'NOT_ALLOWED' });
}
/** How long a call waits for its usage counters to be written before it answers anyway. */
const SETTLE_WAIT_MS = 2_000;
/**
 * Counts an admitted call's usage; a call that failed counts too (its tokens unknown): failing
 * calls cost work as well. Bounded: a slow Firestore must not hold the caller's answer (a late
 * increment still lands).
 */
async function settleUsage(permit, name, request, result) {
    const usage = callUsage(result, requestedSessionId(request.data));
    if (await within(permit.settle(usage), SETTLE_WAIT_MS, () => false))
        return;
    logger.warn(`${name}: the usage counters could not be written`, callLogScope({ function: name, request, result }));
}
export function onCallFlow(options, target) {
    const { authPolicy = signedIn(), allowAnonymous = false, enforceAppCheck = false, limits, traces = loggerTraceSink(), media, onDisconnect, ...callableOptions } = options;
    const deadlineMs = deadlineFor(callableOptions.timeoutSeconds);
    const load = resolver(target);
    const limiter = limits ? new UsageLimiter(limits) : undefined;
    // The platform's own enforcement is off: it would refuse with a bare `unauthenticated`, where
    // the kit's check gives the reason. The platform still verifies any App Check token sent.
    return onCall({ ...callableOptions, enforceAppCheck: false }, async (request, response) => {
        // The function's name for the log: the deployment's until the flow has loaded, then the flow's.
        let name = process.env.FUNCTION_TARGET ?? 'callable';
        const { signal: deadline, dispose } = callSignal(undefined, deadlineMs);
        let permit;
        let result;
        const sessionId = requestedSessionId(request.data);
        // Started before the checks: on a cold instance the flow's modules load while admission's
        // first Firestore read is in flight. A refused call doesn't wait for them.
        const loading = Promise.all([loadRunCall(), load()]);
        loading.catch(() => { });
        try {
            assertAppCheck(appCheckRequired(enforceAppCheck), request);
            await authorize(authPolicy, allowAnonymous, request);
            // An agent reads its session (and queue) while admission reads the caller's counters: on
            // a cold instance, the turn's first Firestore round trips overlap.
            const warming = sessionId === undefined ? undefined : loading.then(([m, flow]) => m.warmCall(flow, request));
            warming?.catch(() => { });
            if (limiter && request.auth)
                permit = await limiter.admit(request.auth.uid, sessionId);
            const [{ runCall: run }, flow] = await loading;
            const warmed = await warming;
            name = flow.name;
            const signal = followClient(deadline, response?.signal, onDisconnect ?? (flow.kind === 'agent' ? 'finish' : 'cancel'));
            result = await run(flow, { request, response, signal, traces: traces || undefined, media, warmed });
            return result;
        }
        catch (error) {
            throw toHttpsError(error, callLogScope({ function: name, request, error }));
        }
        finally {
            dispose();
            if (permit)
                await settleUsage(permit, name, request, result);
        }
    });
}
//# sourceMappingURL=on-call-flow.js.map