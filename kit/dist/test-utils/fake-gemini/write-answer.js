const STATUS_NAMES = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
    503: 'UNAVAILABLE',
    504: 'DEADLINE_EXCEEDED',
};
/** Resolves after `ms`, or at once when the client has gone away. */
function wait(ms, res) {
    if (!ms)
        return Promise.resolve();
    return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
            clearTimeout(timer);
            res.off('close', done);
            resolve();
        }
        res.once('close', done);
    });
}
const gone = (res) => res.destroyed || res.writableEnded;
function writeError(res, step, status) {
    const error = {
        code: status,
        message: step.error?.message ?? `fake-gemini: scripted ${status}`,
        status: step.error?.status ?? STATUS_NAMES[status] ?? 'UNKNOWN',
        ...(step.error?.details ? { details: step.error.details } : {}),
    };
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...step.headers });
    res.end(JSON.stringify({ error }));
}
async function writeStream(res, step) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunks = step.chunks ?? (step.response ? [step.response] : []);
    for (const chunk of chunks) {
        await wait(step.chunkDelayMs ?? 0, res);
        if (gone(res))
            return;
        res.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
    }
    if (step.errorChunk) {
        const { code, message = `fake-gemini: error chunk ${code}`, status = STATUS_NAMES[code] ?? 'UNKNOWN', } = step.errorChunk;
        res.write(`data: ${JSON.stringify({ error: { code, message, status } })}\r\n\r\n`);
    }
    if (step.raw !== undefined)
        res.write(step.raw);
    if (step.drop === 'after-chunks') {
        // Let the events reach the client before the connection dies under them.
        await wait(10, res);
        res.socket?.destroy();
        return;
    }
    if (step.hang === 'after-chunks')
        return;
    res.end();
}
/** Writes one scripted answer (with its faults) to `res`. */
export async function writeAnswer(req, res, step, stream) {
    if (step.drop === 'before-headers') {
        req.socket.destroy();
        return;
    }
    await wait(step.delayMs ?? 0, res);
    if (gone(res) || step.hang === 'before-headers')
        return;
    const status = step.status ?? 200;
    if (status < 200 || status >= 300)
        return writeError(res, step, status);
    if (stream)
        return writeStream(res, step);
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(step.raw ?? JSON.stringify(step.response ?? {}));
}
//# sourceMappingURL=write-answer.js.map