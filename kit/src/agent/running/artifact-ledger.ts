import { z } from 'zod';
import { fromZodError, KitError } from '../../errors/index.js';
import { type Artifact, type ArtifactPart, ArtifactPartSchema } from '../../model/index.js';
import { assertWithinLimit } from '../../session/session-limits.js';
import type { ToolArtifacts } from '../../tools/index.js';
import { redactValue } from '../../trace/index.js';

/** The longest artifact name: a name is a label an app shows and keys by, not content. */
const MAX_NAME_CHARS = 200;
const PartsSchema = z.array(ArtifactPartSchema);

/**
 * The artifacts of one turn's journal: what the session keeps (each name's last version) and
 * what calls still running wrote. A call's writes join the session with its result, one version
 * a name however often the call wrote it, so a call that fails or interrupts writes none, and a
 * retried turn (the result not yet journaled) writes the same version again, never one more.
 */
export class ArtifactLedger {
  private kept: Artifact[];
  /** Per running call (ref), the parts it last wrote per name. */
  private readonly pending = new Map<string, Map<string, ArtifactPart[]>>();

  constructor(stored: readonly Artifact[] | undefined) {
    this.kept = [...(stored ?? [])];
  }

  /** What the session keeps; undefined when no artifact was ever written. */
  get artifacts(): Artifact[] | undefined {
    return this.kept.length ? this.kept : undefined;
  }

  /** How tools of this turn write artifacts. */
  readonly tool: ToolArtifacts = {
    write: (ref, name, parts) => {
      if (!name || name.length > MAX_NAME_CHARS) {
        throw new KitError('invalid-argument', `an artifact name must have 1 to ${MAX_NAME_CHARS} characters`);
      }
      const parsed = PartsSchema.safeParse(parts);
      if (!parsed.success) throw fromZodError(parsed.error, `parts of artifact '${name}'`);
      // Refused here, by the write that made it too large: kept whole, it must fit the document.
      assertWithinLimit(parsed.data, 'artifactBytes', `artifact '${name}'`);
      assertWithinLimit(this.allWith(name, parsed.data), 'artifactsBytes', 'the session artifacts');
      const writes = this.pending.get(ref) ?? new Map<string, ArtifactPart[]>();
      // Redacted once, here: the stream, the store and every watcher get this one copy.
      writes.set(name, redactValue(parsed.data));
      this.pending.set(ref, writes);
    },
  };

  /**
   * Every artifact the session would keep with this write and those of every running call: a
   * call's write is refused while the calls running beside it could still take the room.
   */
  private allWith(name: string, parts: ArtifactPart[]): ArtifactPart[][] {
    const all = new Map(this.kept.map((a) => [a.name, a.parts]));
    for (const writes of this.pending.values()) for (const [n, p] of writes) all.set(n, p);
    all.set(name, parts);
    return [...all.values()];
  }

  /** Forgets what call `ref` wrote (it failed). */
  drop(ref: string): void {
    this.pending.delete(ref);
  }

  /** The writes of call `ref` become versions the session keeps, stamped `at`; the versions made. */
  apply(ref: string, at: number): Artifact[] {
    const writes = this.pending.get(ref);
    if (!writes) return [];
    this.pending.delete(ref);
    const made: Artifact[] = [];
    for (const [name, parts] of writes) {
      const last = this.kept.find((a) => a.name === name);
      const artifact: Artifact = { name, version: (last?.version ?? 0) + 1, parts, at, ref };
      this.kept = [...this.kept.filter((a) => a.name !== name), artifact];
      made.push(artifact);
    }
    return made;
  }
}
