import { PROTOCOL_VERSION } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { busyAgent } from '../agent/test-utils/busy-agent.js';
import { onCallFlow } from './on-call-flow.js';
import { callableRequest, rejectionCode } from './test-utils/callable-request.js';

const alice = { uid: 'alice' };

describe('onCallFlow: protocol versions', () => {
  it('answers a turn that names the current version and one that names none alike', async () => {
    const { agent } = busyAgent();
    const fn = onCallFlow({}, agent);
    const named = await fn.run(
      callableRequest({ sessionId: 'v-1', message: 'hi', protocolVersion: PROTOCOL_VERSION }, alice),
    );
    const unnamed = await fn.run(callableRequest({ sessionId: 'v-2', message: 'hi' }, alice));
    expect(named).toMatchObject({ status: 'done' });
    expect(unnamed).toMatchObject({ status: 'done', text: (named as { text: string }).text });
  });

  it('refuses a turn, a stop and a withdraw of a newer version with failed-precondition UNSUPPORTED_VERSION, storing nothing', async () => {
    const { agent, store } = busyAgent();
    const fn = onCallFlow({}, agent);
    const protocolVersion = PROTOCOL_VERSION + 1;
    for (const data of [
      { sessionId: 'v-3', message: 'hi', protocolVersion },
      { sessionId: 'v-3', stop: true, protocolVersion },
      { sessionId: 'v-3', withdraw: 'q-1', protocolVersion },
    ]) {
      await expect(rejectionCode(fn.run(callableRequest(data, alice)))).resolves.toMatchObject({
        code: 'failed-precondition',
        details: { reason: 'UNSUPPORTED_VERSION', supported: { newest: PROTOCOL_VERSION } },
      });
    }
    expect(await store.load('v-3')).toBeUndefined();
  });
});
