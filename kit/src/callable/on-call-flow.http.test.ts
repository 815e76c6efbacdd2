import type { AddressInfo } from 'node:net';
// express is firebase-functions' own HTTP layer (its dependency); serving the callable with it
// runs the platform's request checks (App Check, CORS) for real.
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineFlow } from '../flow/index.js';
import { onCallFlow } from './on-call-flow.js';

const echo = defineFlow(
  { name: 'echo', inputSchema: z.object({ say: z.string() }), outputSchema: z.string() },
  ({ say }) => say,
);

let base = '';
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  const open = onCallFlow({ authPolicy: () => true, cors: ['https://app.example'] }, echo);
  const checked = onCallFlow({ authPolicy: () => true, enforceAppCheck: true }, echo);
  // Two copies of the express types (firebase-functions' and express 5's) disagree; the objects agree.
  app.post('/open', (req, res) => open(req as never, res as never));
  app.post('/checked', (req, res) => checked(req as never, res as never));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(() => close());

const call = (path: string, data: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://app.example', ...headers },
    body: JSON.stringify({ data }),
  });

describe('onCallFlow over HTTP', () => {
  it('answers with the result and the CORS origin when the options allow the origin', async () => {
    const response = await call('/open', { say: 'hi' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(await response.json()).toEqual({ result: 'hi' });
  });

  it('refuses with unauthenticated when enforceAppCheck is set and no App Check token is sent', async () => {
    const response = await call('/checked', { say: 'hi' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
  });

  it('names the field in the error body when the payload is malformed', async () => {
    const response = await call('/open', { say: 1 });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { status: string; message: string } };
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    expect(body.error.message).toContain('say');
  });

  it('streams the result as server-sent events when the client asks for a stream', async () => {
    const response = await call('/open', { say: 'streamed' }, { accept: 'text/event-stream' });
    expect(await response.text()).toContain('data: {"result":"streamed"}');
  });
});
