import type { RunningStep } from '@callable-flows/client';
import type { TranscriptEntry } from './transcript.js';

/**
 * Which states of a followed session the page draws: one that differs from the last one drawn,
 * except the settled state that ends this tab's own call, which its stream has drawn already
 * (drawing it again would take the focus off a card the person is answering). The stored
 * history wins from the next change on.
 */
export class LiveDrawing {
  private drawn = '';
  private adopt = false;

  /** True when the page should draw `entries` (the session's transcript, its turn at `running`). */
  shouldDraw(entries: readonly TranscriptEntry[], running: RunningStep | undefined): boolean {
    const key = JSON.stringify([entries, running]);
    const changed = key !== this.drawn;
    this.drawn = key;
    const adopted = this.adopt && running === undefined;
    if (running === undefined) this.adopt = false;
    return changed && !adopted;
  }

  /** This tab's call has ended: the session's next settled state is what its stream drew. */
  streamed(): void {
    this.adopt = true;
  }

  /** A new session (or none): its first state is drawn. */
  reset(): void {
    this.drawn = '';
    this.adopt = false;
  }
}
