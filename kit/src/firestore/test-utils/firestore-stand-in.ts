import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A stand-in for Firestore's REST API on loopback, for the faults the emulator can't produce: it
// keeps documents in memory, answers batchGet / commit / rollback as Firestore does (JSON arrays,
// `{error: {code, message, status}}` bodies, transactions begun in a read), and meets the calls
// the test scripts with a fault instead: an error answer, a reset connection, a body that isn't
// JSON, a batchGet with an error entry or without an entry. It counts what it received and the
// commits it applied.

/** HTTP statuses of gRPC codes, as Google's REST front ends answer them. */
const HTTP_OF: Readonly<Record<string, number>> = {
  CANCELLED: 499,
  UNKNOWN: 500,
  INVALID_ARGUMENT: 400,
  DEADLINE_EXCEEDED: 504,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  FAILED_PRECONDITION: 400,
  ABORTED: 409,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  UNAUTHENTICATED: 401,
};

/** What the stand-in does with one call instead of answering it. */
export type StandInFault =
  /** Answers Firestore's JSON error with this status name (and its HTTP status). */
  | { status: string; message?: string }
  /**
   * Resets the connection: `before` the call is applied, `after-apply` (a commit applied, its
   * answer lost), or `mid-answer` (the status line and part of the body sent).
   */
  | { reset: 'before' | 'after-apply' | 'mid-answer' }
  /** Answers this instead. */
  | { raw: { status: number; contentType: string; body: string } }
  /** A batchGet answered 200, its stream failing after the first document with this status name. */
  | { entryError: string }
  /** A batchGet answered 200 without the entry of the last document asked for. */
  | { dropEntry: true };

/** A call the stand-in received. */
export interface StandInRequest {
  /** `batchGet`, `commit`, `rollback`, … */
  method: string;
  /** The database part of the URL: `projects/<p>/databases/<d>/documents`. */
  root: string;
  body: StandInBody;
  headers: IncomingHttpHeaders;
  /** Which connection it came on (1, 2, …, in the order they were opened). */
  connection: number;
}

/** The fields of a request body the stand-in reads. */
export interface StandInBody {
  documents?: string[];
  transaction?: string;
  newTransaction?: { readWrite?: { retryTransaction?: string } };
  writes?: StandInWrite[];
}

interface StandInWrite {
  update?: { name: string; fields?: Record<string, unknown> };
  delete?: string;
  currentDocument?: { exists?: boolean; updateTime?: string };
}

interface StoredDocument {
  name: string;
  fields: Record<string, unknown>;
  updateTime: string;
}

export interface FirestoreStandIn {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** The calls received, in order (not those met on a connection made stale). */
  readonly requests: StandInRequest[];
  /** Commits applied. */
  readonly applied: () => number;
  /** Connections opened so far. */
  readonly connections: () => number;
  /** Connections open now. */
  readonly openConnections: () => number;
  /** Requests that arrived on a connection made stale (reset unread). */
  readonly staleRequests: () => number;
  /** The calls of `method` received. */
  calls(method: string): StandInRequest[];
  /** The next calls of `method` meet these faults, one each, in order. */
  fail(method: string, ...faults: StandInFault[]): void;
  /**
   * Every connection open now becomes one the server closed while it sat idle, and the client
   * has not noticed: the next request on it is met by a reset, unread.
   */
  makeConnectionsStale(): void;
  /** Answers wait until the returned function is called. */
  hold(): () => void;
  /** A document as stored, or undefined. */
  document(name: string): StoredDocument | undefined;
  close(): Promise<void>;
}

/** Options of a stand-in. */
export interface StandInOptions {
  /** False: every answer closes its connection (`Connection: close`), so no call reuses one. Default true. */
  keepAlive?: boolean;
  /** How long the server keeps an idle connection before it closes it. Default 600 s. */
  idleCloseMs?: number;
}

/** Starts a stand-in on a free loopback port. */
export async function startFirestoreStandIn({
  keepAlive = true,
  idleCloseMs = 600_000,
}: StandInOptions = {}): Promise<FirestoreStandIn> {
  const requests: StandInRequest[] = [];
  const faults = new Map<string, StandInFault[]>();
  const documents = new Map<string, StoredDocument>();
  const openTransactions = new Set<string>();
  const sockets = new Map<Socket, number>();
  const stale = new WeakSet<Socket>();
  let held: Promise<void> | undefined;
  let applied = 0;
  let connections = 0;
  let staleRequests = 0;
  let transactions = 0;
  let clock = 0;

  const nextTime = () => {
    clock++;
    return `2026-01-01T00:00:00.${String(clock).padStart(6, '0')}Z`;
  };
  const error = (response: ServerResponse, status: string, message: string): void =>
    void response
      .writeHead(HTTP_OF[status] ?? 500, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { code: HTTP_OF[status] ?? 500, message, status } }));
  const json = (response: ServerResponse, body: unknown): void =>
    void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  /** Applies a commit's writes, or names the status that refuses them. */
  function commit(body: StandInBody): { status: string; message: string } | { times: string[] } {
    if (body.transaction !== undefined && !openTransactions.delete(body.transaction)) {
      return { status: 'INVALID_ARGUMENT', message: 'Invalid transaction.' };
    }
    const writes = body.writes ?? [];
    for (const write of writes) {
      const name = write.update?.name ?? (write.delete as string);
      const stored = documents.get(name);
      const current = write.currentDocument;
      if (current?.exists === false && stored) return { status: 'ALREADY_EXISTS', message: 'Document already exists' };
      if (current?.exists === true && !stored) return { status: 'NOT_FOUND', message: 'No document to update' };
      if (current?.updateTime !== undefined && stored?.updateTime !== current.updateTime) {
        return { status: 'FAILED_PRECONDITION', message: 'The update time does not match' };
      }
    }
    const time = nextTime();
    for (const write of writes) {
      if (write.update)
        documents.set(write.update.name, { ...write.update, fields: write.update.fields ?? {}, updateTime: time });
      else documents.delete(write.delete as string);
    }
    applied++;
    return { times: writes.map(() => time) };
  }

  function batchGet(body: StandInBody, fault: StandInFault | undefined): unknown[] {
    const entries: unknown[] = [];
    if (body.transaction !== undefined && !openTransactions.has(body.transaction)) {
      return [{ error: { code: 400, message: 'Invalid transaction.', status: 'INVALID_ARGUMENT' } }];
    }
    if (body.newTransaction) {
      const id = Buffer.from(`transaction-${++transactions}`).toString('base64');
      openTransactions.add(id);
      entries.push({ transaction: id });
    }
    const names = body.documents ?? [];
    const readTime = nextTime();
    for (const [i, name] of names.entries()) {
      if (fault && 'dropEntry' in fault && i === names.length - 1) break;
      const stored = documents.get(name);
      entries.push(stored ? { found: stored, readTime } : { missing: name, readTime });
      if (fault && 'entryError' in fault) {
        const status = fault.entryError;
        entries.push({ error: { code: HTTP_OF[status] ?? 500, message: 'stream failed', status } });
        break;
      }
    }
    return entries;
  }

  async function answer(request: IncomingMessage, response: ServerResponse, text: string): Promise<void> {
    const match = /^\/v1\/(projects\/[^/]+\/databases\/[^/]+\/documents):(\w+)$/.exec(request.url ?? '');
    if (!match) return error(response, 'NOT_FOUND', 'no such method');
    const [, root, method] = match as unknown as [string, string, string];
    const body = JSON.parse(text) as StandInBody;
    requests.push({ method, root, body, headers: request.headers, connection: sockets.get(request.socket) ?? 0 });
    await held;
    const fault = faults.get(method)?.shift();
    if (fault && 'status' in fault) return error(response, fault.status, fault.message ?? `${fault.status} (stand-in)`);
    if (fault && 'raw' in fault) {
      response.writeHead(fault.raw.status, { 'content-type': fault.raw.contentType }).end(fault.raw.body);
      return;
    }
    if (fault && 'reset' in fault && fault.reset === 'before') return void request.socket.resetAndDestroy();
    let result: unknown;
    if (method === 'batchGet') result = batchGet(body, fault);
    else if (method === 'rollback') {
      openTransactions.delete(body.transaction as string);
      result = {};
    } else if (method === 'commit') {
      const outcome = commit(body);
      if ('status' in outcome) return error(response, outcome.status, outcome.message);
      result = {
        writeResults: outcome.times.map((updateTime) => ({ updateTime })),
        commitTime: outcome.times[0] ?? nextTime(),
      };
    } else return error(response, 'UNIMPLEMENTED', 'not in the stand-in');
    if (fault && 'reset' in fault && fault.reset === 'after-apply') return void request.socket.resetAndDestroy();
    if (fault && 'reset' in fault && fault.reset === 'mid-answer') {
      const whole = JSON.stringify(result);
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(whole) });
      response.write(whole.slice(0, 1));
      // The status line and a byte are on their way before the reset.
      setTimeout(() => request.socket.resetAndDestroy(), 20);
      return;
    }
    json(response, result);
  }

  const server = createServer({ keepAliveTimeout: idleCloseMs }, (request, response) => {
    if (stale.has(request.socket)) {
      staleRequests++;
      request.socket.resetAndDestroy();
      return;
    }
    if (!keepAlive) response.shouldKeepAlive = false;
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => void answer(request, response, text));
  });
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, ++connections);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    applied: () => applied,
    connections: () => connections,
    openConnections: () => sockets.size,
    staleRequests: () => staleRequests,
    calls: (method) => requests.filter((request) => request.method === method),
    fail(method, ...more) {
      faults.set(method, [...(faults.get(method) ?? []), ...more]);
    },
    makeConnectionsStale() {
      for (const socket of sockets.keys()) stale.add(socket);
    },
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        held = undefined;
        release();
      };
    },
    document: (name) => documents.get(name),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
