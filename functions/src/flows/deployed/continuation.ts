import type { ContinuationOptions } from '@callable-flows/kit/agent/index.js';
import { cloudTasksQueue } from '@callable-flows/kit/continuation/cloud-tasks-queue.js';

/** The deployed agents' continuation: the `continueTurn` task queue function of the deploy manifest. */
export const deployedContinuation: ContinuationOptions = {
  queue: cloudTasksQueue({ functionName: 'locations/us-central1/functions/continueTurn' }),
};
