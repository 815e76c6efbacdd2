import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RestFirestoreError } from './rest-error.js';
import { RestFirestore } from './rest-firestore.js';
import { type RestCall, type RestEndpoint, RestTransport, type RestTransportOptions } from './rest-transport.js';
import { type FirestoreStandIn, startFirestoreStandIn } from './test-utils/firestore-stand-in.js';

const ROOT = 'projects/p/databases/(default)/documents';
const COMMIT = `/v1/${ROOT}:commit`;
const BATCH_GET = `/v1/${ROOT}:batchGet`;
/** Backoff small enough for tests (the waits are jittered below 1 ms). */
const QUICK = { initialMs: 1, multiplier: 1, maxMs: 1, totalMs: 10_000 };
const NOT_RETRIED: RestCall<unknown> = { retried: new Set() };
const UNAVAILABLE_RETRIED: RestCall<unknown> = { retried: new Set([14]) };

let standIn: FirestoreStandIn;
const closers: Array<() => Promise<void>> = [];
beforeEach(async () => {
  standIn = await startFirestoreStandIn();
});
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await standIn.close();
});

function endpoint(overrides: Partial<RestEndpoint> = {}): RestEndpoint {
  return { origin: standIn.origin, authorization: async () => 'Bearer owner', ...overrides };
}

function transport(options: RestTransportOptions = {}, at: RestEndpoint = endpoint()): RestTransport {
  const made = new RestTransport(at, { retry: QUICK, ...options });
  closers.push(() => made.close());
  return made;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as RestFirestoreError,
  );

const doc = (id: string) => ({ update: { name: `${ROOT}/c/${id}`, fields: { n: { integerValue: '1' } } } });

describe('RestTransport: connections', () => {
  it('sends a commit again on a new connection when its kept-alive one was closed by the server while idle, applied once', async () => {
    const db = new RestFirestore({ projectId: 'p', endpoint: endpoint(), callRetry: QUICK });
    closers.push(() => db.close());
    await db.doc('c/first').set({ n: 1 });
    standIn.makeConnectionsStale();
    await db.doc('c/second').set({ n: 2 });
    expect(standIn.staleRequests()).toBe(1);
    expect(standIn.calls('commit').map((call) => call.connection)).toEqual([1, 2]);
    expect(standIn.applied()).toBe(2);
    expect(standIn.document(`${ROOT}/c/second`)?.fields).toEqual({ n: { integerValue: '2' } });
  });

  it('commits on a new connection once the server has closed the idle one', async () => {
    await standIn.close();
    standIn = await startFirestoreStandIn({ idleCloseMs: 50 });
    const db = new RestFirestore({ projectId: 'p', endpoint: endpoint(), callRetry: QUICK });
    closers.push(() => db.close());
    await db.doc('c/first').set({ n: 1 });
    await expect.poll(() => standIn.openConnections()).toBe(0);
    await db.doc('c/second').set({ n: 2 });
    expect(standIn.calls('commit').map((call) => call.connection)).toEqual([1, 2]);
    expect(standIn.applied()).toBe(2);
  });

  it('sends a commit once when a fresh connection is reset before the answer: it may have been applied', async () => {
    standIn.fail('commit', { reset: 'after-apply' });
    const error = await failure(transport().post(COMMIT, { writes: [doc('a')] }, NOT_RETRIED));
    expect(error.code).toBe(14);
    expect(standIn.calls('commit')).toHaveLength(1);
    expect(standIn.applied()).toBe(1);
  });

  it('sends a commit once when a reused connection is reset after the answer began', async () => {
    const rest = transport();
    await rest.post(COMMIT, { writes: [doc('a')] }, NOT_RETRIED);
    standIn.fail('commit', { reset: 'mid-answer' });
    const error = await failure(rest.post(COMMIT, { writes: [doc('b')] }, NOT_RETRIED));
    expect(error.code).toBe(14);
    expect(standIn.calls('commit').map((call) => call.connection)).toEqual([1, 1]);
    expect(standIn.applied()).toBe(2);
  });

  it('sends a read again after a reset, as the retry table says', async () => {
    standIn.fail('batchGet', { reset: 'before' });
    const answer = await transport().post(BATCH_GET, { documents: [`${ROOT}/c/a`] }, UNAVAILABLE_RETRIED);
    expect(answer).toEqual([{ missing: `${ROOT}/c/a`, readTime: expect.any(String) }]);
    expect(standIn.calls('batchGet')).toHaveLength(2);
  });

  it('closes a connection idle longer than the idle timeout', async () => {
    const rest = transport({ sockets: { idleMs: 50, maxSockets: 4, maxFreeSockets: 4 } });
    await rest.post(BATCH_GET, { documents: [] }, NOT_RETRIED);
    expect(standIn.openConnections()).toBe(1);
    await expect.poll(() => standIn.openConnections()).toBe(0);
  });

  it('opens no more connections than maxSockets (further calls wait) and keeps maxFreeSockets idle', async () => {
    const rest = transport({ sockets: { idleMs: 60_000, maxSockets: 3, maxFreeSockets: 1 } });
    const release = standIn.hold();
    const calls = Array.from({ length: 7 }, () => rest.post(BATCH_GET, { documents: [] }, NOT_RETRIED));
    await expect.poll(() => standIn.requests.length).toBe(3);
    release();
    await Promise.all(calls);
    expect(standIn.requests).toHaveLength(7);
    expect(standIn.connections()).toBe(3);
    await expect.poll(() => standIn.openConnections()).toBe(1);
  });

  it('fails deadline-exceeded when no answer comes within the timeout, drops the request with its connection', async () => {
    const rest = transport({ timeoutMs: 100 });
    const release = standIn.hold();
    const error = await failure(rest.post(BATCH_GET, { documents: [] }, NOT_RETRIED));
    release();
    expect(error.code).toBe(4);
    await expect.poll(() => standIn.openConnections()).toBe(0);
    // The next call has a connection of its own and its answer.
    await expect(rest.post(BATCH_GET, { documents: [] }, NOT_RETRIED)).resolves.toEqual([]);
    expect(standIn.connections()).toBe(2);
  });
});

describe('RestTransport: answers', () => {
  it('after a 401, reports the refused token to the endpoint and sends the call once more with a new one', async () => {
    const refused: string[] = [];
    let token = 0;
    const at = endpoint({
      authorization: async () => `Bearer t${++token}`,
      refused: (authorization) => refused.push(authorization),
    });
    standIn.fail('commit', { status: 'UNAUTHENTICATED' });
    await transport({}, at).post(COMMIT, { writes: [doc('a')] }, NOT_RETRIED);
    expect(refused).toEqual(['Bearer t1']);
    expect(standIn.calls('commit').map((call) => call.headers.authorization)).toEqual(['Bearer t1', 'Bearer t2']);
    expect(standIn.applied()).toBe(1);
  });

  it("takes a credential source's failure as final: the call is neither sent nor tried again, though its code is one the call retries", async () => {
    let asked = 0;
    const at = endpoint({
      authorization: async () => {
        asked++;
        throw new RestFirestoreError(14, 'UNAVAILABLE: the metadata server did not answer');
      },
    });
    const error = await failure(transport({}, at).post(BATCH_GET, { documents: [] }, UNAVAILABLE_RETRIED));
    expect(error.code).toBe(14);
    expect(asked).toBe(1);
    expect(standIn.calls('batchGet')).toHaveLength(0);
  });

  it('fails unauthenticated after a second 401', async () => {
    const refused: string[] = [];
    standIn.fail('batchGet', { status: 'UNAUTHENTICATED' }, { status: 'UNAUTHENTICATED' });
    const at = endpoint({ refused: (authorization) => refused.push(authorization) });
    const error = await failure(transport({}, at).post(BATCH_GET, { documents: [] }, UNAVAILABLE_RETRIED));
    expect(error.code).toBe(16);
    expect(standIn.calls('batchGet')).toHaveLength(2);
    expect(refused).toHaveLength(2);
  });

  it('fails unavailable, with a code, on a 2xx whose body is not JSON, and echoes none of it', async () => {
    standIn.fail('commit', { raw: { status: 200, contentType: 'text/html', body: '<p>secret-field-value</p>' } });
    const error = await failure(transport().post(COMMIT, { writes: [doc('a')] }, NOT_RETRIED));
    expect(error).toBeInstanceOf(RestFirestoreError);
    expect(error.code).toBe(14);
    expect(error.message).not.toContain('secret');
    expect(error.message).toContain('text/html');
  });

  it('sends a read again after a 2xx that is not JSON', async () => {
    standIn.fail('batchGet', { raw: { status: 200, contentType: 'text/plain', body: 'oops' } });
    await expect(transport().post(BATCH_GET, { documents: [] }, UNAVAILABLE_RETRIED)).resolves.toEqual([]);
    expect(standIn.calls('batchGet')).toHaveLength(2);
  });

  it('takes the code of an error page from its HTTP status and echoes none of it', async () => {
    standIn.fail('batchGet', { raw: { status: 502, contentType: 'text/html', body: '<h1>Bad gateway: secret</h1>' } });
    const error = await failure(transport().post(BATCH_GET, { documents: [] }, NOT_RETRIED));
    expect(error.code).toBe(14);
    expect(error.message).not.toContain('secret');
  });

  it('stops sending a call again once its total deadline has passed, and fails with the last error', async () => {
    standIn.fail('batchGet', { status: 'UNAVAILABLE' }, { status: 'UNAVAILABLE' });
    const rest = transport({ retry: { ...QUICK, totalMs: 0 } });
    const error = await failure(rest.post(BATCH_GET, { documents: [] }, UNAVAILABLE_RETRIED));
    expect(error.code).toBe(14);
    expect(standIn.calls('batchGet')).toHaveLength(1);
  });
});
