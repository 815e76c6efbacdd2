import { type ArtifactField, artifactsOf, type SessionDoc } from '@callable-flows/protocol/session-doc';
import type { FlowTypes } from './flow-types.js';

// What a session's tools made beside its conversation, as every device reads it from the
// session document: each artifact's last version and the agent's typed state. A streaming call
// gets the same as chunks (`artifact`, `state`); a watcher needs none of them.

/** An artifact as a watcher sees it: its name, its last version and that version's parts. */
export type WatchedArtifact = ArtifactField;

/** The state of `T` (`FlowTypes['state']`), or unknown when the app did not declare one. */
export type WatchedState<T extends FlowTypes> = T extends { state: infer S } ? S : unknown;

/** What the tools of the session made: its artifacts, by name, and its state (undefined when the agent keeps none). */
export interface WatchedOutputs<T extends FlowTypes = FlowTypes> {
  artifacts: WatchedArtifact[];
  state: WatchedState<T> | undefined;
}

/** The artifacts and state of session document `doc`; a field that isn't JSON reads as none. */
export function outputsOf<T extends FlowTypes>(doc: SessionDoc): WatchedOutputs<T> {
  let state: unknown;
  if (typeof doc.state === 'string') {
    try {
      state = JSON.parse(doc.state);
    } catch {
      state = undefined;
    }
  }
  return { artifacts: artifactsOf(doc.artifacts), state: state as WatchedState<T> | undefined };
}
