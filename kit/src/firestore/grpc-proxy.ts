/**
 * The HTTP proxy the SDK's gRPC channel (@grpc/grpc-js) would tunnel a connection to `hostname`
 * (a DNS name, such as Firestore's) through, as `host:port`; undefined where it connects
 * directly. grpc-js reads only lower-case variables: `grpc_proxy`, else `https_proxy`, else
 * `http_proxy` (an `http:` URL; another scheme or an unparsable one is ignored), and connects
 * directly to a host name that ends with an entry of `no_grpc_proxy`, else `no_proxy` (split on
 * commas, entries untrimmed, no `*`; its CIDR entries concern IP addresses only). The REST
 * client's node:http connects directly everywhere, so where this names a proxy the two would
 * reach Firestore by different routes.
 */
export function grpcProxyFor(hostname: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const proxy = env.grpc_proxy || env.https_proxy || env.http_proxy;
  if (!proxy) return undefined;
  let url: URL;
  try {
    url = new URL(proxy);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:') return undefined;
  // An empty list is none, as for grpc-js (its one empty entry would match every host).
  const noProxy = env.no_grpc_proxy || env.no_proxy || undefined;
  if (noProxy?.split(',').some((entry) => hostname.endsWith(entry))) return undefined;
  return `${url.hostname}:${url.port || '80'}`;
}
