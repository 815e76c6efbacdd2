import { createServer } from 'node:http';
// A stand-in for Firestore's REST API on loopback, for the faults the emulator can't produce: it
// keeps documents in memory, answers batchGet / commit / rollback as Firestore does (JSON arrays,
// `{error: {code, message, status}}` bodies, transactions begun in a read), and meets the calls
// the test scripts with a fault instead: an error answer, a reset connection, a body that isn't
// JSON, a batchGet with an error entry or without an entry. It counts what it received and the
// commits it applied.
/** HTTP statuses of gRPC codes, as Google's REST front ends answer them. */
const HTTP_OF = {
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
/** Starts a stand-in on a free loopback port. */
export async function startFirestoreStandIn({ keepAlive = true, idleCloseMs = 600_000, } = {}) {
    const requests = [];
    const faults = new Map();
    const documents = new Map();
    const openTransactions = new Set();
    const sockets = new Map();
    const stale = new WeakSet();
    let held;
    let applied = 0;
    let connections = 0;
    let staleRequests = 0;
    let transactions = 0;
    let clock = 0;
    const nextTime = () => {
        clock++;
        return `2026-01-01T00:00:00.${String(clock).padStart(6, '0')}Z`;
    };
    const error = (response, status, message) => void response
        .writeHead(HTTP_OF[status] ?? 500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: HTTP_OF[status] ?? 500, message, status } }));
    const json = (response, body) => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    /** Applies a commit's writes, or names the status that refuses them. */
    function commit(body) {
        if (body.transaction !== undefined && !openTransactions.delete(body.transaction)) {
            return { status: 'INVALID_ARGUMENT', message: 'Invalid transaction.' };
        }
        const writes = body.writes ?? [];
        for (const write of writes) {
            const name = write.update?.name ?? write.delete;
            const stored = documents.get(name);
            const current = write.currentDocument;
            if (current?.exists === false && stored)
                return { status: 'ALREADY_EXISTS', message: 'Document already exists' };
            if (current?.exists === true && !stored)
                return { status: 'NOT_FOUND', message: 'No document to update' };
            if (current?.updateTime !== undefined && stored?.updateTime !== current.updateTime) {
                return { status: 'FAILED_PRECONDITION', message: 'The update time does not match' };
            }
        }
        const time = nextTime();
        for (const write of writes) {
            if (write.update)
                documents.set(write.update.name, { ...write.update, fields: write.update.fields ?? {}, updateTime: time });
            else
                documents.delete(write.delete);
        }
        applied++;
        return { times: writes.map(() => time) };
    }
    function batchGet(body, fault) {
        const entries = [];
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
            if (fault && 'dropEntry' in fault && i === names.length - 1)
                break;
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
    async function answer(request, response, text) {
        const match = /^\/v1\/(projects\/[^/]+\/databases\/[^/]+\/documents):(\w+)$/.exec(request.url ?? '');
        if (!match)
            return error(response, 'NOT_FOUND', 'no such method');
        const [, root, method] = match;
        const body = JSON.parse(text);
        requests.push({ method, root, body, headers: request.headers, connection: sockets.get(request.socket) ?? 0 });
        await held;
        const fault = faults.get(method)?.shift();
        if (fault && 'status' in fault)
            return error(response, fault.status, fault.message ?? `${fault.status} (stand-in)`);
        if (fault && 'raw' in fault) {
            response.writeHead(fault.raw.status, { 'content-type': fault.raw.contentType }).end(fault.raw.body);
            return;
        }
        if (fault && 'reset' in fault && fault.reset === 'before')
            return void request.socket.resetAndDestroy();
        let result;
        if (method === 'batchGet')
            result = batchGet(body, fault);
        else if (method === 'rollback') {
            openTransactions.delete(body.transaction);
            result = {};
        }
        else if (method === 'commit') {
            const outcome = commit(body);
            if ('status' in outcome)
                return error(response, outcome.status, outcome.message);
            result = {
                writeResults: outcome.times.map((updateTime) => ({ updateTime })),
                commitTime: outcome.times[0] ?? nextTime(),
            };
        }
        else
            return error(response, 'UNIMPLEMENTED', 'not in the stand-in');
        if (fault && 'reset' in fault && fault.reset === 'after-apply')
            return void request.socket.resetAndDestroy();
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
        if (!keepAlive)
            response.shouldKeepAlive = false;
        let text = '';
        request.setEncoding('utf8');
        request.on('data', (chunk) => {
            text += chunk;
        });
        request.on('end', () => void answer(request, response, text));
    });
    server.on('connection', (socket) => {
        sockets.set(socket, ++connections);
        socket.on('close', () => sockets.delete(socket));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
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
            for (const socket of sockets.keys())
                stale.add(socket);
        },
        hold() {
            let release = () => { };
            held = new Promise((resolve) => {
                release = resolve;
            });
            return () => {
                held = undefined;
                release();
            };
        },
        document: (name) => documents.get(name),
        close: () => new Promise((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
        }),
    };
}
//# sourceMappingURL=firestore-stand-in.js.map