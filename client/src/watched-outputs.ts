import {
  type ArtifactField,
  artifactsOf,
  artifactsOn,
  type Branch,
  type SessionDoc,
} from '@callable-flows/protocol/session-doc';
import type { FlowTypes } from './flow-types.js';

// What a session's tools and agent made beside its conversation, as every device reads it from
// the session document: the shown branch's artifacts (each name's last version written on its
// history) and the agent's typed state. A streaming call gets the same as chunks (`artifact`,
// `state`); a watcher needs none of them.

/** An artifact as a watcher sees it: its name, a version and that version's parts. */
export type WatchedArtifact = ArtifactField;

/** The state of `T` (`FlowTypes['state']`), or unknown when the app did not declare one. */
export type WatchedState<T extends FlowTypes> = T extends { state: infer S } ? S : unknown;

/** What the tools and agent of the session made: its artifacts, by name, and its state (undefined when the agent keeps none). */
export interface WatchedOutputs<T extends FlowTypes = FlowTypes> {
  /** The shown branch's artifacts, by name: of each, the last version written on its history (never another branch's). */
  artifacts: WatchedArtifact[];
  /** Every version the session keeps, of every branch: what `showBranch` and `snapshotOf` read theirs from. */
  artifactVersions: WatchedArtifact[];
  state: WatchedState<T> | undefined;
}

/**
 * The artifacts branch `branch` of `branches` (undefined: never forked) shows, and the state, of
 * session document `doc`; a field that isn't JSON reads as none.
 */
export function outputsOf<T extends FlowTypes>(
  doc: SessionDoc,
  branches: readonly Branch[] | undefined,
  branch: string,
): WatchedOutputs<T> {
  let state: unknown;
  if (typeof doc.state === 'string') {
    try {
      state = JSON.parse(doc.state);
    } catch {
      state = undefined;
    }
  }
  const artifactVersions = artifactsOf(doc.artifacts);
  const artifacts = artifactsOn(artifactVersions, branches, branch);
  return { artifacts, artifactVersions, state: state as WatchedState<T> | undefined };
}
