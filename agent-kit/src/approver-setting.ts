import { KitError } from '@callable-flows/kit/errors/index.js';

/** Who approves the calls that wait: the session's owner, the holders of a custom claim, or listed users. */
export type ApproverSetting =
  | { kind: 'owner' }
  | { kind: 'claim'; claim: string }
  | { kind: 'uids'; uids: readonly string[] };

/**
 * Reads the `AGENT_APPROVERS` param: `owner`, `claim:<name>` or `uids:<uid>,<uid>`. Anything else
 * is refused naming the param, so a typo never leaves the approvals to nobody (or to anybody).
 */
export function parseApproverSetting(value: string): ApproverSetting {
  const text = value.trim();
  if (text === 'owner') return { kind: 'owner' };
  if (text.startsWith('claim:')) {
    const claim = text.slice('claim:'.length).trim();
    if (/^[A-Za-z_][\w-]*$/.test(claim)) return { kind: 'claim', claim };
  }
  if (text.startsWith('uids:')) {
    const uids = text
      .slice('uids:'.length)
      .split(',')
      .map((uid) => uid.trim())
      .filter((uid) => uid !== '');
    if (uids.length > 0) return { kind: 'uids', uids };
  }
  throw new KitError(
    'failed-precondition',
    `AGENT_APPROVERS must be 'owner', 'claim:<name>' or 'uids:<uid>,<uid>', not '${text}'`,
  );
}
