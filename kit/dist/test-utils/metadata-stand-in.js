import { createServer } from 'node:http';
const TOKEN_PATH = '/computeMetadata/v1/instance/service-accounts/default/token';
const PROJECT_PATH = '/computeMetadata/v1/project/project-id';
export async function startMetadataStandIn() {
    const requests = [];
    const faults = [];
    let tokens = 0;
    const answer = (response, status, body, flavor = true) => response.writeHead(status, flavor ? { 'Metadata-Flavor': 'Google' } : {}).end(body);
    const server = createServer((request, response) => {
        const url = new URL(request.url ?? '/', 'http://stand-in');
        requests.push({ path: url.pathname, query: url.searchParams, headers: request.headers });
        const fault = faults.shift();
        if (fault === 'silent')
            return;
        if (fault === 'reset')
            return void request.socket.destroy();
        if (typeof fault === 'number')
            return answer(response, fault, `fault ${fault}`);
        if (request.headers['metadata-flavor'] !== 'Google')
            return answer(response, 403, 'missing Metadata-Flavor');
        const flavor = fault !== 'no-flavor';
        if (url.pathname === TOKEN_PATH) {
            tokens += 1;
            const body = JSON.stringify({ access_token: `t${tokens}`, expires_in: standIn.expiresIn, token_type: 'Bearer' });
            return answer(response, 200, body, flavor);
        }
        if (url.pathname === PROJECT_PATH)
            return answer(response, 200, standIn.projectId, flavor);
        answer(response, 404, 'no such key');
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const standIn = {
        host: `127.0.0.1:${server.address().port}`,
        requests,
        projectId: 'stand-in-project',
        expiresIn: 3599,
        fail: (...queued) => {
            faults.push(...queued);
        },
        reset: () => {
            requests.length = 0;
            faults.length = 0;
            tokens = 0;
        },
        close: () => new Promise((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
        }),
    };
    return standIn;
}
//# sourceMappingURL=metadata-stand-in.js.map