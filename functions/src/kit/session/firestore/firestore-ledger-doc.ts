import { KitError } from '../../errors/index.js';
import { type LedgerEntry, LedgerEntrySchema } from '../ledger-entry.js';

// A tool ledger document: times are Firestore timestamps (a TTL policy reads `expireAt`), the
// result is JSON text (Firestore refuses some JSON that tool outputs may hold).

type Time = { toMillis(): number };

/** The document fields of a ledger entry (its key is the document id). */
export function ledgerDocFields(entry: LedgerEntry): Record<string, unknown> {
  const { key: _key, result, ...fields } = entry;
  return {
    ...fields,
    result: JSON.stringify(result),
    createdAt: new Date(entry.createdAt),
    expireAt: new Date(entry.expireAt),
  };
}

/** A ledger document as an entry; `data-loss` when it isn't one. */
export function readLedgerDoc(key: string, data: Record<string, unknown> | undefined): LedgerEntry {
  try {
    const fields = data as Record<string, unknown> & { result: string; createdAt: Time; expireAt: Time };
    return LedgerEntrySchema.parse({
      ...fields,
      key,
      result: JSON.parse(fields.result),
      createdAt: fields.createdAt.toMillis(),
      expireAt: fields.expireAt.toMillis(),
    });
  } catch (error) {
    throw new KitError('data-loss', `tool ledger entry '${key}' is not a valid entry`, { cause: error });
  }
}
