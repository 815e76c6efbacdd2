import { KitError } from '../errors/index.js';
/** True when `setting` requires an App Check token in this process. */
export function appCheckRequired(setting) {
    return setting === 'unless-emulator' ? process.env.FUNCTIONS_EMULATOR !== 'true' : setting;
}
/**
 * Refuses a call without a verified App Check token when `required` (`unauthenticated`, reason
 * `APP_CHECK_REQUIRED`). The platform verified any token the call carried (a forged one leaves
 * `request.app` unset), so the kit's check needs no SDK call, and it gives the client a reason.
 */
export function assertAppCheck(required, request) {
    if (required && !request.app) {
        throw new KitError('unauthenticated', 'this app must pass App Check to call this function', {
            reason: 'APP_CHECK_REQUIRED',
        });
    }
}
//# sourceMappingURL=app-check.js.map