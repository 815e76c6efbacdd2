/** A fresh idempotency key for one logical call (letters, digits and `-`, as the protocol wants). */
export function newRequestId(): string {
  return `c-${globalThis.crypto.randomUUID()}`;
}
