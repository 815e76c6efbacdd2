import * as z from 'zod/mini';

// An artifact: a named output a tool wrote in a session (a report, a chart, a file by URL),
// kept beside the conversation rather than in it. Each write of a name is a new version; only
// the last is kept. zod/mini, so a watcher's bundle pays little for it.

/** A part of an artifact, as a model's message parts: text, media by URL, or data. */
export const ArtifactPartSchema = z.union([
  z.object({ text: z.string() }),
  z.object({ media: z.object({ url: z.string(), contentType: z.optional(z.string()) }) }),
  z.object({ data: z.unknown() }),
]);
export type ArtifactPart = z.infer<typeof ArtifactPartSchema>;

/**
 * An entry of the session document's `artifacts` map (JSON text, one field a name): the last
 * version of artifact `name`. The map is the main line's; a branch's artifacts would be a map
 * of their own beside it (`branches.{id}.artifacts`), read over the main line's, so a name
 * written on a branch never changes the conversation it branched from.
 */
export const ArtifactFieldSchema = z.object({
  name: z.string(),
  /** 1 for the first write of the name, one more for each write after it. */
  version: z.int().check(z.positive()),
  parts: z.array(ArtifactPartSchema),
  /** When this version was journaled (epoch ms). */
  at: z.number(),
  /** The ref of the tool call that wrote it. */
  ref: z.optional(z.string()),
});
export type ArtifactField = z.infer<typeof ArtifactFieldSchema>;

/**
 * The artifacts of an `artifacts` map (absent in documents written before artifacts existed),
 * by name; an entry that isn't one (a newer writer's) is skipped.
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
  return artifacts.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
