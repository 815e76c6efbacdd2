import type { CallableRequest } from 'firebase-functions/v2/https';

/**
 * A callable request as the platform builds it for a signed-in caller, for
 * `onCallFlow(...).run(request)`: the handler runs as deployed, without the HTTP layer.
 */
export function callableCall<T = unknown>(data: T, uid: string): CallableRequest<T> {
  const request = {
    data,
    rawRequest: { headers: {} },
    acceptsStreaming: false,
    auth: { uid, rawToken: 'bench', token: { uid, sub: uid } },
  };
  return request as unknown as CallableRequest<T>;
}
