// The Function Kit's deploy manifest: every function one instance deploys, each named by the
// Firebase CLI under the instance's prefix (`kit-<instance>-agent`, …). Only firebase-functions
// and the kit's light modules load here; the agent (the model SDK, the MCP SDK, zod) is made on
// the first call (kit-instance.ts). Nothing here is top-level await: the CLI's install template
// loads this package with `require`.

import { onCallFlow } from '@callable-flows/kit/callable/on-call-flow.js';
import { scheduledCleanup } from '@callable-flows/kit/cleanup/scheduled-cleanup.js';
import { onTurnContinuation } from '@callable-flows/kit/continuation/on-turn-continuation.js';
import { pushNotifier } from '@callable-flows/kit/notify/push-notifier.js';
import { FirestoreUsageCounters } from '@callable-flows/kit/usage/firestore-usage-counters.js';
import { declareDeployRequirements } from './deploy-requirements.js';
import { agentNameOf, collectionPrefixOf, limitsOf, usageCollectionOf } from './instance-config.js';
import { geminiApiKey, mcpHeaders } from './kit-params.js';

// The APIs and roles the kit needs, for the CLI's manifest only (not loaded on a cold start).
declareDeployRequirements(process.env);

const secrets = [geminiApiKey, mcpHeaders];
const loadAgent = async () => (await import('./kit-instance.js')).kitAgent();

/**
 * The agent's callable (the kit's wire protocol): send, stream, approve, decline, answer, retry.
 * Signed-in users only; App Check enforced once deployed. Usage is counted per user in the
 * instance's own `usageCounters` collection.
 */
export const agent = onCallFlow(
  {
    secrets,
    timeoutSeconds: 120,
    memory: '512MiB',
    enforceAppCheck: 'unless-emulator',
    onDisconnect: 'finish',
    limits: {
      counters: new FirestoreUsageCounters({
        firestore: async () => (await import('./kit-firestore.js')).turnFirestore(),
        collection: usageCollectionOf(collectionPrefixOf(process.env)),
      }),
      ...limitsOf(process.env),
    },
  },
  loadAgent,
);

/** Goes on with a turn whose instance died mid-turn (its lease lapsed), from its journal. */
export const continueTurn = onTurnContinuation({
  secrets,
  memory: '512MiB',
  agents: { [agentNameOf(process.env)]: loadAgent },
});

/** Hourly: expires approvals that waited a day, tells approvals nobody told, deletes sessions idle for 30 days. */
export const cleanup = scheduledCleanup({
  prefix: collectionPrefixOf(process.env),
  onApprovalWaiting: pushNotifier(),
});
