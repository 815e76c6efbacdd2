import type { CallableRequest } from 'firebase-functions/v2/https';
import { KitError } from '../errors/index.js';

/**
 * When a callable requires App Check: always (`true`), never (`false`), or everywhere but the
 * Firebase emulator (`'unless-emulator'`: the functions emulator sets `FUNCTIONS_EMULATOR=true`,
 * a deployed function never has it), so the local stack, the demo and the tests need no attestation.
 */
export type AppCheckSetting = boolean | 'unless-emulator';

/** True when `setting` requires an App Check token in this process. */
export function appCheckRequired(setting: AppCheckSetting): boolean {
  return setting === 'unless-emulator' ? process.env.FUNCTIONS_EMULATOR !== 'true' : setting;
}

/**
 * Refuses a call without a verified App Check token when `required` (`unauthenticated`, reason
 * `APP_CHECK_REQUIRED`). The platform verified any token the call carried (a forged one leaves
 * `request.app` unset), so the kit's check needs no SDK call, and it gives the client a reason.
 */
export function assertAppCheck(required: boolean, request: Pick<CallableRequest, 'app'>): void {
  if (required && !request.app) {
    throw new KitError('unauthenticated', 'this app must pass App Check to call this function', {
      reason: 'APP_CHECK_REQUIRED',
    });
  }
}
