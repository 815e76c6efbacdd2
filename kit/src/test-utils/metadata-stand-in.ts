import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fault the stand-in plays for one request instead of its answer. */
export type MetadataFault =
  /** Never answers (the request times out). */
  | 'silent'
  /** Closes the connection without an answer. */
  | 'reset'
  /** Answers 200 with a good body but no `Metadata-Flavor` header: not the metadata server. */
  | 'no-flavor'
  /** Answers this status (with the header). */
  | number;

/** One request the stand-in received. */
export interface MetadataRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

/**
 * A stand-in for Google's metadata server on loopback (port 0): answers the token (`t1`, `t2`, …) and
 * project-id keys as Cloud Functions does, counts requests, and plays queued faults, one per request.
 */
export interface MetadataStandIn {
  /** `127.0.0.1:port`, for `GCE_METADATA_HOST`. */
  readonly host: string;
  /** Every request received, in order. */
  readonly requests: MetadataRequest[];
  /** The project id it answers. */
  projectId: string;
  /** The `expires_in` (seconds) of the tokens it gives. */
  expiresIn: number;
  /** The next requests get these faults, in order; later ones get answers again. */
  fail(...faults: MetadataFault[]): void;
  /** Forgets the requests, the queued faults and the tokens given (the next is `t1` again). */
  reset(): void;
  close(): Promise<void>;
}

const TOKEN_PATH = '/computeMetadata/v1/instance/service-accounts/default/token';
const PROJECT_PATH = '/computeMetadata/v1/project/project-id';

export async function startMetadataStandIn(): Promise<MetadataStandIn> {
  const requests: MetadataRequest[] = [];
  const faults: MetadataFault[] = [];
  let tokens = 0;
  const answer = (response: ServerResponse, status: number, body: string, flavor = true) =>
    response.writeHead(status, flavor ? { 'Metadata-Flavor': 'Google' } : {}).end(body);
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push({ path: url.pathname, query: url.searchParams, headers: request.headers });
    const fault = faults.shift();
    if (fault === 'silent') return;
    if (fault === 'reset') return void request.socket.destroy();
    if (typeof fault === 'number') return answer(response, fault, `fault ${fault}`);
    if (request.headers['metadata-flavor'] !== 'Google') return answer(response, 403, 'missing Metadata-Flavor');
    const flavor = fault !== 'no-flavor';
    if (url.pathname === TOKEN_PATH) {
      tokens += 1;
      const body = JSON.stringify({ access_token: `t${tokens}`, expires_in: standIn.expiresIn, token_type: 'Bearer' });
      return answer(response, 200, body, flavor);
    }
    if (url.pathname === PROJECT_PATH) return answer(response, 200, standIn.projectId, flavor);
    answer(response, 404, 'no such key');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const standIn: MetadataStandIn = {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
