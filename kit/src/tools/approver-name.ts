import type { ApproverAuth } from './approvers.js';

/**
 * The custom claim an approver's displayed name is read from by default. The app sets it
 * (`setCustomUserClaims`); the user can't. The ID token's `name` claim is the account's display
 * name, which any user changes (`updateProfile`): read, it would let anyone show as "Mary (manager)".
 */
export const APPROVER_NAME_CLAIM = 'approverName';

/**
 * The name an answer is stamped with and cards show, read from what the user can't edit (a
 * custom claim, the app's own directory); undefined: none (cards show the uid).
 */
export type ApproverNameHook = (auth: ApproverAuth) => string | undefined;

/** The default {@link ApproverNameHook}: the {@link APPROVER_NAME_CLAIM} custom claim, never the `name` claim. */
export const approverNameClaim: ApproverNameHook = ({ token }) => {
  const name = token[APPROVER_NAME_CLAIM];
  return typeof name === 'string' ? name : undefined;
};
