// The version of a conversation a person picked (a branch of its session), kept per session in
// the tab's sessionStorage: a reload shows the version they were reading. None kept is the newest.

const PREFIX = 'callable-flows:branch:';

/** The branches picked in a tab, by session. */
export interface BranchPicks {
  /** The branch picked on session `sessionId`; undefined when the newest is shown. */
  of(sessionId: string): string | undefined;
  /** Keeps `branch` as session `sessionId`'s pick (undefined: the newest again). */
  set(sessionId: string, branch: string | undefined): void;
}

/** The picks kept in `storage` (the tab's sessionStorage by default). */
export function branchPicks(storage: Storage = window.sessionStorage): BranchPicks {
  return {
    of: (sessionId) => storage.getItem(PREFIX + sessionId) ?? undefined,
    set(sessionId, branch) {
      try {
        if (branch === undefined) storage.removeItem(PREFIX + sessionId);
        else storage.setItem(PREFIX + sessionId, branch);
      } catch {
        // A full or refused storage only means a reload shows the newest version.
      }
    },
  };
}
