import { PROTOCOL_VERSION, type WireRequest } from '@callable-flows/protocol';
import type { WireCallable } from './wire-callable.js';

/**
 * `callable`, naming on every request the protocol version this client speaks, so a server that
 * no longer answers it refuses it (`UNSUPPORTED_VERSION`) rather than misreading it.
 */
export function versionedCallable(callable: WireCallable): WireCallable {
  const stamp = (data: WireRequest): WireRequest => ({ ...data, protocolVersion: PROTOCOL_VERSION });
  const call = (data: WireRequest) => callable(stamp(data));
  return Object.assign(call, {
    stream: (data: WireRequest, options?: { signal?: AbortSignal }) => callable.stream(stamp(data), options),
  });
}
