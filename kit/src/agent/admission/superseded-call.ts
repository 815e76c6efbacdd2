import { branchIndices } from '@callable-flows/protocol';
import { isWaiting } from '../../call-state/index.js';
import { KitError } from '../../errors/index.js';
import { type Message, type ToolRequestPart, toolRequestsOf } from '../../model/index.js';
import { headBranchOf, journalOf, type Session } from '../../session/index.js';

// A fork leaves the calls waiting on the branch it went away from where they were: the journal
// still holds them, waiting, and their inbox documents are closed `superseded`. An answer to one
// is told so, in its own words, rather than that the session waits for nothing.

/** A call a fork left waiting on another branch: the call, its branch, and that branch's last snapshot. */
export interface SupersededCall {
  part: ToolRequestPart;
  branch: string;
  snapshot?: string;
}

/** The call `ref` left waiting on a branch that is not the head's, when the head's history has no call `ref`. */
export function supersededCallOf(session: Session, ref: string | undefined): SupersededCall | undefined {
  const list = session.branches?.list;
  if (!list || ref === undefined) return undefined;
  const journal = journalOf(session);
  const named = (j: number) => toolRequestsOf(journal[j] as Message).find((p) => p.toolRequest.ref === ref);
  const head = new Set(branchIndices(list, journal.length, headBranchOf(session).id));
  for (const j of head) if (named(j)) return undefined;
  for (let j = journal.length - 1; j >= 0; j--) {
    if (head.has(j)) continue;
    const part = named(j);
    if (!part) continue;
    if (!isWaiting(part)) return undefined;
    const branch = list.findLast((b) => b.start <= j)?.id ?? (list[0]?.id as string);
    const snapshot = session.snapshots?.findLast((s) => s.branch === branch)?.id;
    return { part, branch, ...(snapshot === undefined ? {} : { snapshot }) };
  }
  return undefined;
}

/** The refusal of an answer to the call `ref` a fork left waiting: nothing is written. */
export function approvalSuperseded(ref: string, left: SupersededCall): KitError {
  const { branch, snapshot } = left;
  return new KitError(
    'failed-precondition',
    `the call '${ref}' waited on branch '${branch}', which the conversation went away from: it is no longer answered`,
    { reason: 'APPROVAL_SUPERSEDED', details: { ref, branch, ...(snapshot === undefined ? {} : { snapshot }) } },
  );
}
