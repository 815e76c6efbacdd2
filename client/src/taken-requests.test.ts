import type { SessionDoc } from '@callable-flows/protocol/session-doc';
import { describe, expect, it } from 'vitest';
import { takenRequestsOf } from './taken-requests.js';

const docWith = (requests: Record<string, string> | undefined) => ({ requests }) as unknown as SessionDoc;

describe('takenRequestsOf', () => {
  it('gives the id of every request record the session keeps', () => {
    const doc = docWith({
      qa: JSON.stringify({ id: 'r1', digest: 'd1', at: 1 }),
      qb: JSON.stringify({ id: 'r2', digest: 'd2', at: 2, outcome: 'stopped' }),
    });
    expect(takenRequestsOf(doc).sort()).toEqual(['r1', 'r2']);
  });

  it('gives none when the session has no request records', () => {
    expect(takenRequestsOf(docWith(undefined))).toEqual([]);
  });

  it('skips a record that is not JSON or names no id, and keeps the others', () => {
    const doc = docWith({ qa: '{', qb: JSON.stringify({ digest: 'd' }), qc: JSON.stringify({ id: 'r3' }) });
    expect(takenRequestsOf(doc)).toEqual(['r3']);
  });
});
