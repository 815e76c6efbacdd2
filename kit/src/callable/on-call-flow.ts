import type { CallRequest, CallResult, MessageResult, WireChunk } from '@callable-flows/protocol';
import * as logger from 'firebase-functions/logger';
import { type CallableRequest, onCall } from 'firebase-functions/v2/https';
import type { z } from 'zod';
import type { Agent, WhileBusy } from '../agent/index.js';
import { KitError } from '../errors/index.js';
import type { Flow } from '../flow/index.js';
import { lazy } from '../lazy/index.js';
import { within } from '../timing/index.js';
// The sink alone: it loads the logger on the first trace, keeping the cold start light.
import { loggerTraceSink } from '../trace/logger-trace-sink.js';
import { appCheckRequired, assertAppCheck } from './app-check.js';
import { type AuthPolicy, signedIn } from './auth-policy.js';
import { callLogScope } from './call-log-scope.js';
import { callSignal, deadlineFor, followClient } from './call-signal.js';
import { callUsage, requestedSessionId } from './call-usage.js';
import type { FlowCallable } from './flow-callable.js';
import { type CallPermit, UsageLimiter } from './limits/usage-limiter.js';
import type { OnCallFlowOptions } from './on-call-flow-options.js';
import { toHttpsError } from './to-https-error.js';

// This file loads nothing heavy: the wire protocol (zod schemas) and the target are imported
// on the first call, so a deploy manifest that passes loaders starts in the time
// firebase-functions takes.

/** A flow or agent, or a loader that imports it on the first call (a shorter cold start). */
export type CallTarget<T extends Agent<WhileBusy> | Flow> = T | (() => Promise<T>);

type RunCallModule = typeof import('./run-call.js');
const loadRunCall: () => Promise<RunCallModule> = lazy(() => import('./run-call.js'));

function resolver(target: CallTarget<Agent<WhileBusy> | Flow>): () => Promise<Agent<WhileBusy> | Flow> {
  // A failed import is tried again on the next call.
  return typeof target === 'function' ? lazy(target) : () => Promise.resolve(target);
}

async function authorize(
  policy: AuthPolicy,
  allowAnonymous: boolean,
  request: CallableRequest<unknown>,
): Promise<void> {
  const provider = (request.auth?.token.firebase as { sign_in_provider?: unknown } | undefined)?.sign_in_provider;
  if (provider === 'anonymous' && !allowAnonymous) {
    throw new KitError('unauthenticated', 'sign in with an account: this function does not take anonymous users', {
      reason: 'UNAUTHENTICATED',
    });
  }
  if (await policy(request.auth ?? null, request.data)) return;
  // No identity is a different fix (sign in) from the wrong identity (ask for access).
  if (!request.auth)
    throw new KitError('unauthenticated', 'sign in to call this function', { reason: 'UNAUTHENTICATED' });
  throw new KitError('permission-denied', 'the auth policy refused this caller', { reason: 'NOT_ALLOWED' });
}

/** The function's name for the log: the deployment's until the flow has loaded, then the flow's. */
function nameOf(loaded: Agent<WhileBusy> | Flow | undefined): string {
  return loaded?.name ?? process.env.FUNCTION_TARGET ?? 'callable';
}

/** How long a call waits for its usage counters to be written before it answers anyway. */
const SETTLE_WAIT_MS = 2_000;

/**
 * Counts an admitted call's usage; a call that failed counts too (its tokens unknown): failing
 * calls cost work as well. An agent whose store charges its turns' tokens (`chargesUsage`) had
 * them counted where they were spent, to the session's owner: the call adds none of the reply's.
 * Bounded: a slow Firestore must not hold the caller's answer (a late increment still lands).
 */
async function settleUsage(
  permit: CallPermit,
  loaded: Agent<WhileBusy> | Flow | undefined,
  request: CallableRequest<unknown>,
  result: unknown,
) {
  const charged = loaded?.kind === 'agent' && loaded.chargesUsage;
  const usage = callUsage(charged ? undefined : result, requestedSessionId(request.data));
  const name = nameOf(loaded);
  if (await within(permit.settle(usage), SETTLE_WAIT_MS, () => false)) return;
  logger.warn(`${name}: the usage counters could not be written`, callLogScope({ function: name, request, result }));
}

/** Deploys an agent as a callable: the wire protocol of docs/reference.md, a session per conversation. */
export function onCallFlow(
  options: OnCallFlowOptions,
  agent: CallTarget<Agent<'reject' | 'interrupt'>>,
): FlowCallable<CallRequest, CallResult>;
/** Deploys an agent that queues messages while a turn runs: a message may be answered `queued`. */
export function onCallFlow(
  options: OnCallFlowOptions,
  agent: CallTarget<Agent<WhileBusy>>,
): FlowCallable<CallRequest, MessageResult>;
/** Deploys a stateless flow as a callable: its input in, its output out. */
export function onCallFlow<I extends z.ZodType, O extends z.ZodType>(
  options: OnCallFlowOptions,
  flow: CallTarget<Flow<I, O>>,
): FlowCallable<z.input<I>, z.infer<O>>;
export function onCallFlow(
  options: OnCallFlowOptions,
  target: CallTarget<Agent<WhileBusy> | Flow>,
): FlowCallable<unknown, unknown> {
  const {
    authPolicy = signedIn(),
    allowAnonymous = false,
    enforceAppCheck = false,
    limits,
    traces = loggerTraceSink(),
    media,
    onDisconnect,
    ...callableOptions
  } = options;
  const deadlineMs = deadlineFor(callableOptions.timeoutSeconds);
  const load = resolver(target);
  const limiter = limits ? new UsageLimiter(limits) : undefined;

  // The platform's own enforcement is off: it would refuse with a bare `unauthenticated`, where
  // the kit's check gives the reason. The platform still verifies any App Check token sent.
  return onCall<unknown, Promise<unknown>, WireChunk>(
    { ...callableOptions, enforceAppCheck: false },
    async (request, response) => {
      let loaded: Agent<WhileBusy> | Flow | undefined;
      const { signal: deadline, dispose } = callSignal(undefined, deadlineMs);
      let permit: CallPermit | undefined;
      let result: unknown;
      const sessionId = requestedSessionId(request.data);
      // Started before the checks: on a cold instance the flow's modules load while admission's
      // first Firestore read is in flight. A refused call doesn't wait for them.
      const loading = Promise.all([loadRunCall(), load()]);
      loading.catch(() => {});
      try {
        assertAppCheck(appCheckRequired(enforceAppCheck), request);
        await authorize(authPolicy, allowAnonymous, request);
        // An agent reads its session (and queue) while admission reads the caller's counters: on
        // a cold instance, the turn's first Firestore round trips overlap.
        const warming = sessionId === undefined ? undefined : loading.then(([m, flow]) => m.warmCall(flow, request));
        warming?.catch(() => {});
        if (limiter && request.auth) permit = await limiter.admit(request.auth.uid, sessionId);
        const [{ runCall: run }, flow] = await loading;
        const warmed = await warming;
        loaded = flow;
        const signal = followClient(
          deadline,
          response?.signal,
          onDisconnect ?? (flow.kind === 'agent' ? 'finish' : 'cancel'),
        );
        result = await run(flow, { request, response, signal, traces: traces || undefined, media, warmed });
        return result;
      } catch (error) {
        throw toHttpsError(error, callLogScope({ function: nameOf(loaded), request, error }));
      } finally {
        dispose();
        if (permit) await settleUsage(permit, loaded, request, result);
      }
    },
  );
}
