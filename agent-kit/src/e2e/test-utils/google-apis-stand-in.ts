import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback stand-in for the Google APIs the Firebase CLI's kit commands call, with what they asked. */
export interface GoogleApisStandIn {
  /** The environment that points the CLI at it (firebase-tools' own origin overrides). */
  env: Record<string, string>;
  /** The paths asked, in order (`GET /v2/projects/demo-…/locations/-/functions`). */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Google's token endpoint and the Cloud Functions and Cloud Run list APIs, answered on loopback
 * as for a project where nothing is deployed: a token for any refresh token, empty lists. The
 * uninstall asks them which of the instance's functions are deployed (to delete them); nothing
 * of the test leaves the machine. Any other request is a 404 that names it, so a CLI that starts
 * needing another API fails the test loudly.
 */
export async function startGoogleApisStandIn(): Promise<GoogleApisStandIn> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.push(`${req.method} ${path}`);
    req.resume();
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST' && path.startsWith('/oauth2/v3/token')) {
      res.end(JSON.stringify({ access_token: 'stand-in-token', expires_in: 3600, token_type: 'Bearer' }));
    } else if (req.method === 'GET' && /^\/v[12]\/projects\/[^/]+\/locations\/[^/]+\/(functions|services)/.test(path)) {
      res.end('{}');
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { code: 404, message: `stand-in: no ${req.method} ${path}` } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      FIREBASE_TOKEN_URL: origin,
      FIREBASE_FUNCTIONS_URL: origin,
      FIREBASE_FUNCTIONS_V2_URL: origin,
      CLOUD_RUN_URL: origin,
      CLOUD_RUN_API_URL: origin,
    },
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
