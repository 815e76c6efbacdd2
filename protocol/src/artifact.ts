import * as z from 'zod/mini';
import { type Branch, lineageOf, ROOT_BRANCH } from './session-branches.js';

// An artifact: a named output a tool or the agent wrote in a session (a report, a chart, a file
// by URL), kept beside the conversation rather than in it. Each write of a name is a new version,
// on the branch whose turn wrote it: a branch shows the last version of each name written on its
// history (its parent's up to where it forked, then its own). zod/mini, so a watcher's bundle
// pays little for it.

/** A part of an artifact, as a model's message parts: text, media by URL, or data. */
export const ArtifactPartSchema = z.union([
  z.object({ text: z.string() }),
  z.object({ media: z.object({ url: z.string(), contentType: z.optional(z.string()) }) }),
  z.object({ data: z.unknown() }),
]);
export type ArtifactPart = z.infer<typeof ArtifactPartSchema>;

/**
 * An entry of the session document's `artifacts` map (JSON text, one field a version): a version
 * of artifact `name`, and where in the journal it was written. The map holds every version a
 * branch shows now and those its snapshots showed (until the room is needed): a branch's
 * artifacts are {@link artifactsOn} it, so a name written on a branch never changes the
 * conversation it branched from.
 */
export const ArtifactFieldSchema = z.object({
  name: z.string(),
  /** 1 for the first write of the name, one more for each write after it. */
  version: z.int().check(z.positive()),
  parts: z.array(ArtifactPartSchema),
  /** When this version was journaled (epoch ms). */
  at: z.number(),
  /** The ref of the tool call that wrote it; absent when the agent wrote it at its turn's end. */
  ref: z.optional(z.string()),
  /** The branch whose turn wrote it; absent: the first (`b0`), as versions written before branches had it. */
  branch: z.optional(z.string()),
  /** How many messages that branch's history held when it was written: its views from there on show it. Absent: 0. */
  length: z.optional(z.int().check(z.nonnegative())),
});
export type ArtifactField = z.infer<typeof ArtifactFieldSchema>;

/**
 * Every version of an `artifacts` map (absent in documents written before artifacts existed),
 * by name; an entry that isn't one (a newer writer's) is skipped. What a branch shows of them is
 * {@link artifactsOn}.
 */
export function artifactsOf(map: Record<string, string> | undefined): ArtifactField[] {
  const artifacts: ArtifactField[] = [];
  for (const text of Object.values(map ?? {})) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue;
    }
    const parsed = ArtifactFieldSchema.safeParse(value);
    if (parsed.success) artifacts.push(parsed.data);
  }
  return byName(artifacts);
}

const byName = <T extends { name: string; version: number }>(artifacts: T[]): T[] =>
  artifacts.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.version - b.version));

/**
 * The artifacts branch `branch` of `branches` (undefined: a session never forked) shows as of
 * its first `length` messages (all when undefined), by name: of each name, the last version
 * written on that history. Versions written on other branches, or later, are not among them.
 */
export function artifactsOn<T extends Pick<ArtifactField, 'name' | 'version' | 'branch' | 'length'>>(
  versions: readonly T[],
  branches: readonly Branch[] | undefined,
  branch: string,
  length?: number,
): T[] {
  const lineage = lineageOf(branches ?? [{ id: ROOT_BRANCH, start: 0 }], branch, length);
  if (!lineage) return [];
  const upTo = new Map(lineage.map((run) => [run.branch, run.upTo]));
  const last = new Map<string, T>();
  for (const version of versions) {
    const limit = upTo.get(version.branch ?? ROOT_BRANCH);
    if (limit === undefined || (version.length ?? 0) > limit) continue;
    // On one history a name's versions only go up: the newest written on it is the highest.
    const seen = last.get(version.name);
    if (!seen || seen.version < version.version) last.set(version.name, version);
  }
  return byName([...last.values()]);
}
