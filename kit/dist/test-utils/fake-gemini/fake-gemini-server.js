import { createServer } from 'node:http';
import { writeAnswer } from './write-answer.js';
// Gemini API: /v1beta/models/{m}:{action}; Vertex AI: /v1beta1/projects/p/locations/l/publishers/google/models/{m}:{action}.
const ROUTE = /\/models\/([^/:?]+):(generateContent|streamGenerateContent)(?:\?|$)/;
function readBody(req) {
    return new Promise((resolve, reject) => {
        const chunks = [];
        req.on('data', (chunk) => chunks.push(chunk));
        req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        req.on('error', reject);
    });
}
function parseBody(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return { raw: text };
    }
}
const NO_ANSWER = (request) => ({
    status: 501,
    error: { message: `fake-gemini: no scripted answer for request ${request.url}`, status: 'UNIMPLEMENTED' },
});
/**
 * Starts a fake Gemini HTTP server on loopback at a random port. It serves generateContent
 * and streamGenerateContent (SSE) from a script, records every request, and injects the
 * faults a step asks for (status codes, delays, hangs, malformed bodies, error events,
 * dropped sockets).
 */
export async function startFakeGemini(answers = []) {
    const queue = [...answers];
    const requests = [];
    let fallback;
    async function handle(req, res) {
        const text = await readBody(req);
        const match = ROUTE.exec(req.url ?? '');
        if (req.method !== 'POST' || !match) {
            res.writeHead(404, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: { code: 404, message: `no route ${req.url}`, status: 'NOT_FOUND' } }));
            return;
        }
        const recorded = {
            method: req.method,
            url: req.url ?? '',
            model: decodeURIComponent(match[1]),
            action: match[2],
            stream: match[2] === 'streamGenerateContent',
            headers: req.headers,
            body: parseBody(text),
            disconnected: false,
        };
        res.once('close', () => {
            if (!res.writableFinished)
                recorded.disconnected = true;
        });
        requests.push(recorded);
        const answer = queue.shift() ?? fallback ?? NO_ANSWER;
        const step = typeof answer === 'function' ? answer(recorded) : answer;
        await writeAnswer(req, res, step, recorded.stream);
    }
    const server = createServer((req, res) => {
        handle(req, res).catch((error) => {
            if (!res.headersSent)
                res.writeHead(500);
            res.end(String(error));
        });
    });
    server.keepAliveTimeout = 1000;
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    return {
        url: `http://127.0.0.1:${port}`,
        requests,
        enqueue: (...steps) => queue.push(...steps),
        answerWith: (answer) => {
            fallback = answer;
        },
        reset: () => {
            queue.length = 0;
            requests.length = 0;
            fallback = undefined;
        },
        close: () => new Promise((resolve, reject) => {
            server.close((error) => (error ? reject(error) : resolve()));
            server.closeAllConnections();
        }),
    };
}
//# sourceMappingURL=fake-gemini-server.js.map