import { type BranchLayout, isFlowError, snapshotBefore, type WatchedMessage } from '@callable-flows/client';
import type { TranscriptEntry } from './transcript.js';

// What the page offers at each of the person's messages of the branch it shows (Edit, and the
// `< 2 / 3 >` switcher where the conversation has several versions) and at its last answer
// (Regenerate). Whether a message can be edited is the typed client's word (`snapshotBefore`,
// what `editMessage` goes on from), so a message the client learns to edit gets its button.

/** The versions of one message: which is shown (0-based) and the branch that shows each. */
export interface VersionsAt {
  shown: number;
  branches: string[];
}

/** What the page offers at one of the person's messages. */
export interface UserControls {
  /** The message's index in the shown branch's messages (what `editMessage` names). */
  index: number;
  text: string;
  /** Why the message can't be edited, in the person's words; undefined when it can. */
  editRefusal?: string;
  /** Its versions, when it has more than one. */
  versions?: VersionsAt;
}

/** What the page offers on the conversation it shows. */
export interface BranchControls {
  /** One for each of the person's messages on the page, in order. */
  users: UserControls[];
  /** True when the last answer may be asked for again (Regenerate on it). */
  regenerate: boolean;
}

/** A session's branches as the page reads them: the client's layout, and the shown branch's messages. */
export type ShownBranch = BranchLayout & { messages: WatchedMessage[] };

/** Why message `index` of `shown` can't be edited (words for the person), or undefined when it can. */
export function editRefusal(shown: ShownBranch, index: number): string | undefined {
  try {
    snapshotBefore(shown, index);
    return undefined;
  } catch (error) {
    if (!isFlowError(error)) throw error;
    if (error.reason !== 'SNAPSHOT_NOT_FOUND') return error.message;
    return 'This message is too far back to edit: the conversation keeps only its newest turns.';
  }
}

/** The versions of message `index` of `shown`, when it has more than one. */
export function versionsAt(shown: ShownBranch, index: number): VersionsAt | undefined {
  const at = shown.versions.find((versions) => versions.index === index);
  return at && { shown: at.shown, branches: at.branches };
}

/**
 * What the page offers on `shown` (drawn as `entries`) while it is `idle` (no turn runs, nothing
 * waits): Edit at each of the person's messages the client can edit, the switcher where a message
 * has versions, and Regenerate when the conversation ends with an answer to an editable message.
 */
export function branchControls(shown: ShownBranch, entries: readonly TranscriptEntry[], idle: boolean): BranchControls {
  const users = entries.flatMap((entry): UserControls[] => {
    if (entry.kind !== 'user') return [];
    const refusal = editRefusal(shown, entry.index);
    const versions = versionsAt(shown, entry.index);
    return [
      {
        index: entry.index,
        text: entry.text,
        ...(refusal === undefined ? {} : { editRefusal: refusal }),
        ...(versions === undefined ? {} : { versions }),
      },
    ];
  });
  const asked = users.at(-1);
  const regenerate =
    idle &&
    entries.at(-1)?.kind === 'assistant' &&
    asked !== undefined &&
    asked.index === shown.messages.findLastIndex((message) => message.role === 'user') &&
    asked.editRefusal === undefined;
  return { users, regenerate };
}
