import { describe, expect, it } from 'vitest';
import type { ContinuationTask } from '../agent/index.js';
import { cloudTasksQueue, type TaskQueueClient } from './cloud-tasks-queue.js';

const TASK: ContinuationTask = { agent: 'shop', sessionId: 's1', leaseId: 'lease-1', handOffs: 0 };

function recordingClient(fail?: unknown): TaskQueueClient & { calls: unknown[] } {
  const calls: unknown[] = [];
  return {
    calls,
    enqueue: async (data, options) => {
      calls.push({ data, options });
      if (fail) throw fail;
    },
  };
}

describe('cloudTasksQueue', () => {
  it('enqueues the task under its id with the delay as scheduleDelaySeconds', async () => {
    const client = recordingClient();
    const queue = cloudTasksQueue({ functionName: 'continueTurn', client: async () => client });
    await queue.enqueue(TASK, { delaySeconds: 13, id: 'turn-abc' });
    expect(client.calls).toEqual([
      { data: { ...TASK, step: 0 }, options: { scheduleDelaySeconds: 13, id: 'turn-abc' } },
    ]);
  });

  it('names the hand-off count `step` as well, so an instance of the version before reads the task during a deploy', async () => {
    const client = recordingClient();
    const queue = cloudTasksQueue({ functionName: 'continueTurn', client: async () => client });
    await queue.enqueue({ ...TASK, handOffs: 2 }, { delaySeconds: 1, id: 'turn-abc' });
    expect(client.calls).toEqual([
      { data: { ...TASK, handOffs: 2, step: 2 }, options: { scheduleDelaySeconds: 1, id: 'turn-abc' } },
    ]);
  });

  it('takes a task name used before as the turn already handed off, when Cloud Tasks refuses it', async () => {
    const client = recordingClient(Object.assign(new Error('exists'), { code: 'functions/task-already-exists' }));
    const queue = cloudTasksQueue({ functionName: 'continueTurn', client: async () => client });
    await expect(queue.enqueue(TASK, { delaySeconds: 13, id: 'turn-abc' })).resolves.toBeUndefined();
  });

  it('rejects with the queue’s error when the enqueue fails otherwise', async () => {
    const client = recordingClient(Object.assign(new Error('denied'), { code: 'functions/permission-denied' }));
    const queue = cloudTasksQueue({ functionName: 'continueTurn', client: async () => client });
    await expect(queue.enqueue(TASK, { delaySeconds: 13, id: 'turn-abc' })).rejects.toThrow('denied');
  });
});
