import { diffJson, replaceWhole } from '@callable-flows/protocol';
import { type GenerateResponseChunk, sessionEventChunk } from '../../model/index.js';
import { redactValue } from '../../trace/index.js';

/**
 * The agent's state as one call streams it: the first change as a whole-document `replace`,
 * each later one as the JSON Patch from the state last sent. Without a caller's stream (a
 * detached caller, a continuation, a queued turn) nothing is diffed and nothing is sent:
 * watchers read the state from the session document.
 */
export class StateStream {
  private readonly send: ((chunk: GenerateResponseChunk) => void) | undefined;
  /** A copy of the state last sent: an update may change the object it returns in place. */
  private sent: unknown;
  private started = false;

  constructor(send: ((chunk: GenerateResponseChunk) => void) | undefined) {
    this.send = send;
  }

  /** The state is now `state`: sends the patch to it, unless nothing changed. */
  changed(state: unknown): void {
    if (!this.send || state === undefined) return;
    // A copy (the patch's values must not change if a later update changes the state in place),
    // redacted as the store redacts the state it writes.
    const next = redactValue(structuredClone(state));
    const patch = this.started ? diffJson(this.sent, next) : replaceWhole(next);
    if (!patch.length) return;
    this.started = true;
    this.sent = next;
    this.send(sessionEventChunk({ kind: 'state', patch }));
  }
}
