import type { Agent } from '@callable-flows/kit/agent/index.js';
import { cloudTasksQueue } from '@callable-flows/kit/continuation/cloud-tasks-queue.js';
import { lazy } from '@callable-flows/kit/lazy/index.js';
import { pushNotifier } from '@callable-flows/kit/notify/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import { continuationFunctionName } from './continuation-function-name.js';
import { firestoreReady } from './firestore-ready.js';
import { type InstanceConfig, readInstanceConfig, usageCollectionOf } from './instance-config.js';
import { defineKitAgent } from './kit-agent.js';
import { turnFirestore } from './kit-firestore.js';
import { kitModel } from './kit-model.js';

/**
 * The instance's agent, made on the first call of any of its functions from the environment
 * (the params, the bound secrets, the instance id). A bad param fails the call, naming the
 * param (`failed-precondition`), and so does Firestore without an index the instance's
 * collections need, naming it; a failed start is not remembered, so the next call reads again.
 */
export const kitAgent: () => Promise<Agent> = lazy(async () => {
  const config = readInstanceConfig(process.env);
  // The check and the agent are made side by side: the first turn waits for the slower, not both.
  const [agent] = await Promise.all([makeAgent(config), firestoreReady(config.collectionPrefix)]);
  return agent;
});

async function makeAgent(config: InstanceConfig): Promise<Agent> {
  const store = new FirestoreSessionStore({
    firestore: await turnFirestore(),
    prefix: config.collectionPrefix,
    // Every model call's tokens charged where they are spent (a queued turn, an approver's answer,
    // a continuation), to the counters the callable's limits read.
    usageCollection: usageCollectionOf(config.collectionPrefix),
  });
  const queue = cloudTasksQueue({ functionName: continuationFunctionName(process.env) });
  return defineKitAgent(config, {
    model: kitModel(config.model, process.env),
    store,
    continuation: { queue },
    onApprovalWaiting: pushNotifier(),
  });
}
