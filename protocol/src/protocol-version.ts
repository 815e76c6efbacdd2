import { z } from 'zod';

/**
 * The version of the wire this package speaks: the request, result, chunk and error shapes and
 * the documents an app reads (protocol/schema/*.json, sealed per version in versions.json). A
 * wire change bumps it, and the server keeps answering every version from
 * {@link OLDEST_PROTOCOL_VERSION} up (docs/operations.md says for how long).
 */
export const PROTOCOL_VERSION = 1;

/** The oldest version the server still answers; a request that names none is read as this one. */
export const OLDEST_PROTOCOL_VERSION = 1;

/** A request's `protocolVersion`: a whole number from 1. */
export const ProtocolVersionSchema = z.number().int().min(1);

/** True when a server of this package answers requests of `version`. */
export function isSupportedProtocolVersion(version: number): boolean {
  return Number.isInteger(version) && version >= OLDEST_PROTOCOL_VERSION && version <= PROTOCOL_VERSION;
}
