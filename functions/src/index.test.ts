import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callableRequest, rejectionCode } from '@callable-flows/kit/callable/test-utils/callable-request.js';
import { afterEach, describe, expect, it } from 'vitest';
import { orderAssistant, refundsMcp, summarize, transferMoney, welcome } from './index.js';

// The deploy manifest's access rules, through the deployed callables' own `.run()`: refusals
// come before any flow, Firestore or model is loaded.

const saved = process.env.FUNCTIONS_EMULATOR;
afterEach(() => {
  if (saved === undefined) delete process.env.FUNCTIONS_EMULATOR;
  else process.env.FUNCTIONS_EMULATOR = saved;
});

const anonymous = { uid: 'anon', claims: { firebase: { sign_in_provider: 'anonymous' } } };

describe('the deploy manifest (functions/src/index.ts)', () => {
  it.each([
    ['orderAssistant', orderAssistant],
    ['transferMoney', transferMoney],
    ['summarize', summarize],
  ])('%s refuses a call without App Check with APP_CHECK_REQUIRED when deployed', async (_name, fn) => {
    delete process.env.FUNCTIONS_EMULATOR;
    const refused = await rejectionCode(fn.run(callableRequest({ message: 'hi' }, { uid: 'alice' }) as never));
    expect(refused).toMatchObject({ code: 'unauthenticated', details: { reason: 'APP_CHECK_REQUIRED' } });
  });

  it.each([
    ['transferMoney', transferMoney],
    ['summarize', summarize],
  ])('%s refuses an anonymous user in the emulator too', async (_name, fn) => {
    process.env.FUNCTIONS_EMULATOR = 'true';
    const refused = await rejectionCode(fn.run(callableRequest({ message: 'hi' }, anonymous) as never));
    expect(refused).toMatchObject({ code: 'unauthenticated', details: { reason: 'UNAUTHENTICATED' } });
  });

  it('welcome refuses a call without App Check with APP_CHECK_REQUIRED when deployed', async () => {
    delete process.env.FUNCTIONS_EMULATOR;
    const refused = await rejectionCode(welcome.run(callableRequest(null, anonymous) as never));
    expect(refused).toMatchObject({ code: 'unauthenticated', details: { reason: 'APP_CHECK_REQUIRED' } });
  });

  it('refundsMcp refuses a request without the refunds key with 401, before any tool runs', async () => {
    delete process.env.FUNCTIONS_EMULATOR;
    const server = createServer((req, res) => void refundsMcp(req as never, res as never));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
      expect(response.status).toBe(401);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
