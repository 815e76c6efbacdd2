import { artifactsOn, ROOT_BRANCH } from '@callable-flows/protocol';
import type { Artifact } from '../model/index.js';
import { headBranchOf } from './session-branches.js';
import { jsonBytesOf, SESSION_LIMITS } from './session-limits.js';
import type { Session } from './session-schema.js';

// A session's artifacts per branch. Every version records the branch whose turn wrote it and
// that branch's history length then (`branch`, `length`); a branch shows, of each name, the last
// version written on its history (the protocol's `artifactsOn`). Nothing is copied when a
// session forks: the new branch reads its parent's versions up to the fork point.

type Place = Pick<Session, 'branches' | 'snapshots'>;

const branchList = (session: Place) => session.branches?.list ?? [{ id: ROOT_BRANCH, start: 0 }];

/** The artifacts branch `branch` shows as of its first `length` messages (all when undefined), by name. */
export function artifactsOnBranch(
  session: Pick<Session, 'artifacts' | 'branches'>,
  branch: string,
  length?: number,
): Artifact[] {
  return artifactsOn(session.artifacts ?? [], session.branches?.list, branch, length);
}

/** The artifacts the head shows (what the next turn goes on with), by name. */
export const headArtifacts = (session: Pick<Session, 'artifacts' | 'branches'>): Artifact[] =>
  artifactsOnBranch(session, headBranchOf(session).id);

/** Every version some branch shows now: the versions the limit of all artifacts counts. */
export function shownVersions(versions: readonly Artifact[], session: Place): Set<Artifact> {
  const list = branchList(session);
  return new Set(list.flatMap((b) => artifactsOn(versions, list, b.id)));
}

/**
 * The versions of `versions` the session keeps: every one a branch shows, and those a kept
 * snapshot showed (a snapshot read by id shows its artifacts as of then) while they fit beside
 * them in the limit of all artifacts, the oldest leaving first. A version nothing shows leaves.
 */
export function keptVersions(versions: readonly Artifact[], session: Place): Artifact[] {
  const list = branchList(session);
  const shown = shownVersions(versions, session);
  const past = new Set((session.snapshots ?? []).flatMap((s) => artifactsOn(versions, list, s.branch, s.length)));
  let kept = versions.filter((v) => shown.has(v) || past.has(v));
  let bytes = jsonBytesOf(kept.map((v) => v.parts));
  const leaving = kept.filter((v) => !shown.has(v)).sort((a, b) => a.at - b.at);
  for (const version of leaving) {
    if (bytes <= SESSION_LIMITS.artifactsBytes) break;
    kept = kept.filter((v) => v !== version);
    bytes -= jsonBytesOf(version.parts);
  }
  return kept;
}
