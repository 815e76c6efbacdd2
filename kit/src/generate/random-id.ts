import { randomFillSync } from 'node:crypto';

/** The base64url alphabet: 64 characters, none of them `/`. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const CODES = Array.from(ALPHABET, (char) => char.charCodeAt(0));
/** Characters per id: 6 random bits each, 132 bits in all (a UUID holds 122). */
const ID_LENGTH = 22;
// CSPRNG bytes for 256 ids, refilled when spent (one call per 256 ids, as Node's UUID cache does).
const bytes = new Uint8Array(ID_LENGTH * 256);
let used = bytes.length;
const codes: number[] = new Array(ID_LENGTH).fill(0);

/**
 * A random id nobody can guess: 22 base64url characters from the CSPRNG (a byte's low 6 bits
 * each: 256 is a multiple of 64, so every character is uniform). Made as one flat string: Node's
 * `randomUUID` builds its text from some twenty pieces and costs about three times as much.
 */
export function randomId(): string {
  if (used === bytes.length) {
    randomFillSync(bytes);
    used = 0;
  }
  for (let i = 0; i < ID_LENGTH; i++) codes[i] = CODES[(bytes[used + i] as number) & 63] as number;
  used += ID_LENGTH;
  return String.fromCharCode.apply(null, codes);
}
