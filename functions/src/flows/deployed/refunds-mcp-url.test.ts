import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { refundsMcpUrl } from './refunds-mcp-url.js';

const KEYS = ['REFUNDS_MCP_URL', 'FUNCTIONS_EMULATOR', 'FIREBASE_EMULATOR_HUB', 'GCLOUD_PROJECT'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
afterEach(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe('refundsMcpUrl', () => {
  it('is REFUNDS_MCP_URL when set, else the function’s URL in the project when deployed', async () => {
    delete process.env.FUNCTIONS_EMULATOR;
    delete process.env.REFUNDS_MCP_URL;
    process.env.GCLOUD_PROJECT = 'shop-prod';
    expect(await refundsMcpUrl()).toBe('https://us-central1-shop-prod.cloudfunctions.net/refundsMcp');
    process.env.REFUNDS_MCP_URL = 'https://tools.example.com/mcp';
    expect(await refundsMcpUrl()).toBe('https://tools.example.com/mcp');
  });

  it('is the functions emulator’s own address as the emulator hub tells it, in the emulator', async () => {
    const hub = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ functions: { name: 'functions', host: '127.0.0.1', port: 5123 } }));
    });
    await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve));
    try {
      delete process.env.REFUNDS_MCP_URL;
      process.env.FUNCTIONS_EMULATOR = 'true';
      process.env.GCLOUD_PROJECT = 'demo-shop';
      process.env.FIREBASE_EMULATOR_HUB = `127.0.0.1:${(hub.address() as AddressInfo).port}`;
      expect(await refundsMcpUrl()).toBe('http://127.0.0.1:5123/demo-shop/us-central1/refundsMcp');
    } finally {
      await new Promise((resolve) => hub.close(resolve));
    }
    // A hub that is gone: the emulator's default port.
    expect(await refundsMcpUrl()).toBe('http://127.0.0.1:5001/demo-shop/us-central1/refundsMcp');
  });
});
