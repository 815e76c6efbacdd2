import type { SessionDoc } from '@callable-flows/protocol/session-doc';

/**
 * The request ids session document `doc` took: its record of the last calls with ids (the kit
 * keeps 64), whatever turn they ran in. A client that sent a request id tells from it that its
 * message is in the conversation, even when the snapshot that showed its turn running was skipped.
 */
export function takenRequestsOf(doc: SessionDoc): string[] {
  const ids: string[] = [];
  for (const text of Object.values(doc.requests ?? {})) {
    try {
      const record: unknown = JSON.parse(text);
      const id = typeof record === 'object' && record !== null ? (record as { id?: unknown }).id : undefined;
      if (typeof id === 'string') ids.push(id);
    } catch {
      // A record that isn't JSON names no request: the rest still do.
    }
  }
  return ids;
}
