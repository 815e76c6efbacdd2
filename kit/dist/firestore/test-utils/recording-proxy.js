import { createServer, request } from 'node:http';
/**
 * Starts a proxy forwarding every request to `target` (`host:port` of the emulator) and
 * recording it: what the REST client, or the SDK speaking REST (`preferRest`), sends.
 */
export async function startRecordingProxy(target) {
    const [targetHost, targetPort] = target.split(':');
    const calls = [];
    const server = createServer((incoming, answer) => {
        const chunks = [];
        incoming.on('data', (chunk) => chunks.push(chunk));
        incoming.on('end', () => {
            const body = Buffer.concat(chunks);
            const [resource = '', method = ''] = (incoming.url ?? '').split('?')[0]?.split(':') ?? [];
            calls.push({
                method,
                resource,
                body: body.length ? JSON.parse(body.toString()) : {},
                headers: incoming.headers,
            });
            const forward = request({
                host: targetHost,
                port: Number(targetPort),
                path: incoming.url,
                method: incoming.method,
                headers: incoming.headers,
            }, (response) => {
                answer.writeHead(response.statusCode ?? 502, response.headers);
                response.pipe(answer);
            });
            forward.on('error', () => answer.destroy());
            forward.end(body);
        });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
        host: `127.0.0.1:${server.address().port}`,
        calls,
        close: () => new Promise((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
        }),
    };
}
//# sourceMappingURL=recording-proxy.js.map