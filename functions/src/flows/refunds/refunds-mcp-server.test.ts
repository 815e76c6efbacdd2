import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleRefundsMcp } from './refunds-mcp-server.js';

// The refunds server's door: the key and the method, before any tool or Firestore is touched.

let server: Server;
let url: string;
let dbOpened = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on('end', () => {
      const db = async () => {
        dbOpened++;
        throw new Error('no orders here');
      };
      void handleRefundsMcp({ db, key: () => 'k1' }, req, res, raw ? JSON.parse(raw) : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const list = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
const post = (headers: Record<string, string>, message: Record<string, unknown> = list) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(message),
  });

describe('handleRefundsMcp', () => {
  it('refuses a request without the key, or with another, with 401', async () => {
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: 'Bearer k2' })).status).toBe(401);
    expect(dbOpened).toBe(0);
  });

  it('refuses a GET (no stream of server messages: it is stateless) with 405', async () => {
    expect((await fetch(url, { headers: { authorization: 'Bearer k1' } })).status).toBe(405);
  });

  it('refuses a 2026-07-28 subscription (no list change to tell, no stream held open) as a method it lacks, at once', async () => {
    const listen = { jsonrpc: '2.0', id: 'listen:0', method: 'subscriptions/listen', params: {} };
    const response = await post({ authorization: 'Bearer k1' }, listen);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 'listen:0',
      error: { code: -32601, message: 'Method not found' },
    });
  });

  it('lists checkRefund as read-only and refundOrder as destructive for a request with the key', async () => {
    const response = await post({ authorization: 'Bearer k1' });
    expect(response.status).toBe(200);
    // A 2025-11-25 request (this one) is answered on an SSE stream of one message.
    const text = await response.text();
    const json = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? '');
    const body = JSON.parse(json) as { result: { tools: { name: string; annotations?: unknown }[] } };
    expect(body.result.tools.map((t) => [t.name, t.annotations])).toEqual([
      ['checkRefund', { readOnlyHint: true }],
      ['refundOrder', { destructiveHint: true, idempotentHint: true }],
    ]);
  });
});
