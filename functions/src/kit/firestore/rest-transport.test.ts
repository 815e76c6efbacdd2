import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RestFirestoreError } from './rest-error.js';
import { RestTransport } from './rest-transport.js';

// A stand-in for Firestore on loopback whose answer to each request the test decides: answered,
// dropped (the connection destroyed, as a server that closed a kept-alive socket), or none.
type Answer = 'answer' | 'drop' | 'silent';
let script: Answer[] = [];
const seen: string[] = [];
let closedUnanswered = 0;
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    seen.push(`${request.url} ${body}`);
    const answer = script.shift() ?? 'answer';
    if (answer === 'drop') request.socket.destroy();
    else if (answer === 'answer') response.writeHead(200).end(JSON.stringify({ attempt: seen.length }));
    else response.on('close', () => closedUnanswered++);
  });
});
let origin = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  script = [];
  seen.length = 0;
  closedUnanswered = 0;
});

const transport = (timeoutMs?: number) =>
  new RestTransport({ origin, authorization: async () => 'Bearer owner' }, timeoutMs);

describe('RestTransport', () => {
  it('sends a repeatable call again when its connection dropped, and answers what the next attempt got', async () => {
    script = ['drop'];
    const rest = transport();
    await expect(rest.post('/v1/x:batchGet', { n: 1 }, { repeatable: true })).resolves.toEqual({ attempt: 2 });
    expect(seen).toEqual(['/v1/x:batchGet {"n":1}', '/v1/x:batchGet {"n":1}']);
    await rest.close();
  });

  it('gives up unavailable after three attempts of a repeatable call', async () => {
    script = ['drop', 'drop', 'drop', 'answer'];
    const rest = transport();
    const failed = await rest.post('/v1/x:batchGet', {}, { repeatable: true }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(RestFirestoreError);
    expect((failed as RestFirestoreError).code).toBe(14);
    expect(seen).toHaveLength(3);
    await rest.close();
  });

  it('sends a commit once: a dropped connection fails it unavailable, never a second commit', async () => {
    script = ['drop'];
    const rest = transport();
    const failed = await rest.post('/v1/x:commit', { writes: [] }).catch((error: unknown) => error);
    expect((failed as RestFirestoreError).code).toBe(14);
    expect(seen).toEqual(['/v1/x:commit {"writes":[]}']);
    await rest.close();
  });

  it('fails deadline-exceeded when no answer comes within the timeout, drops the request, and is not repeated', async () => {
    script = ['silent'];
    const rest = transport(100);
    const failed = await rest.post('/v1/x:batchGet', {}, { repeatable: true }).catch((error: unknown) => error);
    expect((failed as RestFirestoreError).code).toBe(4);
    expect(seen).toHaveLength(1);
    // The request went with its connection: the server sees it closed without an answer.
    await expect.poll(() => closedUnanswered).toBe(1);
    // The next call has a connection of its own and its answer.
    await expect(rest.post('/v1/x:batchGet', {}, { repeatable: true })).resolves.toEqual({ attempt: 2 });
    await rest.close();
  });
});
