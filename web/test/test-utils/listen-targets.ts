import type { Page } from 'playwright-core';

/** The Firestore listen targets a page opened and closed, as its SDK asked the server. */
export interface ListenTargets {
  /** The ids of the targets opened on documents under `path` (`sessions/abc`), in order. */
  opened(path: string): number[];
  /** True when the page has asked the server to close target `id`. */
  closed(id: number): boolean;
}

interface ListenRequest {
  addTarget?: { targetId?: number; documents?: { documents?: string[] } };
  removeTarget?: number;
}

/**
 * Reads what `page`'s Firestore SDK sends on its listen stream (WebChannel or long-polling: a
 * form body whose `req<n>___data__` fields are the stream's requests), so a test can tell which
 * documents the page listens to and which listens it has ended: what the server is told, not
 * what the app says it did.
 */
export function recordListenTargets(page: Page): ListenTargets {
  const opened: { id: number; documents: string[] }[] = [];
  const closed = new Set<number>();
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().includes('/google.firestore.v1.Firestore/Listen/')) return;
    for (const [field, value] of new URLSearchParams(request.postData() ?? '')) {
      if (!/^req\d+___data__$/.test(field)) continue;
      const sent = JSON.parse(value) as ListenRequest;
      const target = sent.addTarget;
      if (target?.targetId !== undefined) {
        opened.push({ id: target.targetId, documents: target.documents?.documents ?? [] });
      }
      if (sent.removeTarget !== undefined) closed.add(sent.removeTarget);
    }
  });
  return {
    opened: (path) =>
      opened
        .filter((target) =>
          target.documents.some((name) => {
            const document = name.split('/documents/')[1] ?? '';
            return document === path || document.startsWith(`${path}/`);
          }),
        )
        .map((target) => target.id),
    closed: (id) => closed.has(id),
  };
}
