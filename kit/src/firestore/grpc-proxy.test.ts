import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { withEnv } from '../test-utils/with-env.js';
import { FIRESTORE_ORIGIN } from './firestore-service.js';
import { grpcProxyFor } from './grpc-proxy.js';

// grpc-js's own proxy mapping, run on the target as the SDK's channel runs it (the default
// scheme first, then the proxy), asked in each
// environment below: grpcProxyFor must name the proxy it names, and none where it connects directly.
interface GrpcTarget {
  scheme?: string;
  path: string;
}
const require = createRequire(import.meta.url);
const { mapProxyName } = require('@grpc/grpc-js/build/src/http_proxy.js') as {
  mapProxyName(target: GrpcTarget, options: object): { target: GrpcTarget; extraOptions: Record<string, unknown> };
};
const { parseUri } = require('@grpc/grpc-js/build/src/uri-parser.js') as { parseUri(uri: string): GrpcTarget };
// Loading grpc-js registers its resolvers (dns the default scheme), as the SDK's load does.
require('@grpc/grpc-js');
const { mapUriDefaultScheme } = require('@grpc/grpc-js/build/src/resolver.js') as {
  mapUriDefaultScheme(target: GrpcTarget): GrpcTarget;
};

const FIRESTORE = new URL(FIRESTORE_ORIGIN).hostname;
const PROXY_VARIABLES = [
  'grpc_proxy',
  'https_proxy',
  'http_proxy',
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'no_grpc_proxy',
  'no_proxy',
  'NO_PROXY',
];

const rows: Array<[string, Record<string, string>, string | undefined]> = [
  ['no variable', {}, undefined],
  ['https_proxy', { https_proxy: 'http://proxy.corp:3128' }, 'proxy.corp:3128'],
  ['http_proxy', { http_proxy: 'http://proxy.corp:8080' }, 'proxy.corp:8080'],
  ['grpc_proxy before https_proxy', { grpc_proxy: 'http://g:1', https_proxy: 'http://h:2' }, 'g:1'],
  ['upper-case HTTPS_PROXY alone (grpc-js ignores it)', { HTTPS_PROXY: 'http://proxy.corp:3128' }, undefined],
  ['an https: proxy URL (unsupported)', { https_proxy: 'https://proxy.corp:443' }, undefined],
  ['an unparsable proxy', { https_proxy: 'proxy.corp:3128' }, undefined],
  ['a proxy without a port', { https_proxy: 'http://proxy.corp' }, 'proxy.corp:80'],
  ['a proxy with credentials', { https_proxy: 'http://user:secret@proxy.corp:3128' }, 'proxy.corp:3128'],
  ['no_proxy by domain suffix', { https_proxy: 'http://p:1', no_proxy: 'localhost,.googleapis.com' }, undefined],
  ['no_proxy by the host itself', { https_proxy: 'http://p:1', no_proxy: FIRESTORE }, undefined],
  [
    'no_proxy entry with a space (untrimmed)',
    { https_proxy: 'http://p:1', no_proxy: 'localhost, .googleapis.com' },
    'p:1',
  ],
  ['no_proxy *', { https_proxy: 'http://p:1', no_proxy: '*' }, 'p:1'],
  ['no_proxy empty', { https_proxy: 'http://p:1', no_proxy: '' }, 'p:1'],
  ['upper-case NO_PROXY (ignored)', { https_proxy: 'http://p:1', NO_PROXY: '.googleapis.com' }, 'p:1'],
  [
    'no_grpc_proxy before no_proxy',
    { https_proxy: 'http://p:1', no_grpc_proxy: 'googleapis.com', no_proxy: 'x' },
    undefined,
  ],
  ['a CIDR entry (IP addresses only)', { https_proxy: 'http://p:1', no_proxy: '10.0.0.0/8' }, 'p:1'],
];

describe('grpcProxyFor', () => {
  it.each(rows)('names the proxy grpc-js tunnels Firestore through: %s', (_, vars, expected) => {
    const env = { ...Object.fromEntries(PROXY_VARIABLES.map((name) => [name, undefined])), ...vars };
    return withEnv(env, async () => {
      const mapped = mapProxyName(mapUriDefaultScheme(parseUri(`${FIRESTORE}:443`)), {});
      const grpcJs = 'grpc.http_connect_target' in mapped.extraOptions ? mapped.target.path : undefined;
      expect(grpcJs).toBe(expected);
      expect(grpcProxyFor(FIRESTORE, process.env)).toBe(expected);
    });
  });
});
