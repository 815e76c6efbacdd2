import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so equal values give equal text whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** A short, stable hash of a tool input. */
export function inputHash(input: unknown): string {
  return createHash('sha256').update(canonicalJson(input)).digest('base64url').slice(0, 22);
}

/** What identifies one call of a tool in a session. */
export interface LedgerKeyParts {
  sessionId: string;
  /** The user turn: models that number their calls per turn (`r0.0`) reuse refs across turns. */
  turn: number;
  name: string;
  ref: string;
  inputHash: string;
}

/** The ledger key of a call: session + turn + tool + ref + input hash, hashed to a document id. */
export function ledgerKey(parts: LedgerKeyParts): string {
  return createHash('sha256')
    .update([parts.sessionId, String(parts.turn), parts.name, parts.ref, parts.inputHash].join('\u0000'))
    .digest('hex');
}
