const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of the alphabet's size a byte reaches: bytes above it are drawn again, so no letter is likelier. */
const UNBIASED = 256 - (256 % ALPHABET.length);

/**
 * A new conversation's session id, made by the client so the app knows it before the first turn
 * runs (to show, watch or stop it): 20 random letters and digits (about 119 bits, from
 * `crypto.getRandomValues`), an id the protocol's `WireIdSchema` accepts.
 */
export function newSessionId(length = 20): string {
  let id = '';
  while (id.length < length) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < UNBIASED && id.length < length) id += ALPHABET[byte % ALPHABET.length];
    }
  }
  return id;
}
