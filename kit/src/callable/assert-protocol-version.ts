import {
  isSupportedProtocolVersion,
  OLDEST_PROTOCOL_VERSION,
  PROTOCOL_VERSION,
  ProtocolVersionSchema,
} from '@callable-flows/protocol';
import { invalidField, KitError } from '../errors/index.js';

/**
 * Refuses a call to an agent whose data names a protocol version this server does not answer:
 * failed-precondition `UNSUPPORTED_VERSION`, with the versions it does answer, so the app can say
 * "update the app". Data that names none speaks the oldest version answered (docs/operations.md).
 */
export function assertProtocolVersion(data: unknown): void {
  if (typeof data !== 'object' || data === null || !('protocolVersion' in data)) return;
  const parsed = ProtocolVersionSchema.safeParse(data.protocolVersion);
  if (!parsed.success) throw invalidField('protocolVersion', 'must be a whole number from 1');
  if (isSupportedProtocolVersion(parsed.data)) return;
  const supported = { oldest: OLDEST_PROTOCOL_VERSION, newest: PROTOCOL_VERSION };
  throw new KitError(
    'failed-precondition',
    `this app speaks protocol version ${parsed.data}; the server answers versions ${supported.oldest} to ${supported.newest}: update the app`,
    { details: { field: 'protocolVersion', supported }, reason: 'UNSUPPORTED_VERSION' },
  );
}
