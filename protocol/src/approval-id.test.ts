import { describe, expect, it } from 'vitest';
import { approvalId } from './approval-id.js';
import { base64url, sha256 } from './sha256.js';

// Reference digests (base64url), from a standard SHA-256: across block boundaries and UTF-8 of every width.
const VECTORS: Array<[string, string]> = [
  ['', '47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU'],
  ['abc', 'ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0'],
  ['x'.repeat(55), '1eKFaDzU78AtAhpcYgFGlJWJAQBdb3HongmJ-sd-QHI'],
  ['x'.repeat(56), 'BMJiYTcO51QVSdFt7jIMcj4_0UZx5moJmv4KN3wWiI4'],
  ['x'.repeat(64), 'fOEAlx9k5wAej-WlGXPs3-HO1Cvv5-6NX9YhlQa1OTw'],
  ['x'.repeat(119), 'AAtI1O3w-nvuPGI27NJ4W6pdtO64u1Q0GwKeDZ-l-ww'],
  ['héllo wörld ✓ 🎉', 'k0FDU4rOzvzHUbRqZWwQv71__7WUf3tzSrmQsXiuW-Y'],
];

describe('sha256', () => {
  it('digests strings as a standard SHA-256 does, across block boundaries and any UTF-8', () => {
    for (const [text, digest] of VECTORS) expect(base64url(sha256(text))).toBe(digest);
  });
});

describe('approvalId', () => {
  it("is the first 32 base64url characters of sha256 of the session id and the call's ref", () => {
    expect(approvalId('s1', 'ref-7')).toBe('f3KTEaQdgdJ_xvlbm-OSKwZb9irOCjqv4STE_WIrGnA'.slice(0, 32));
  });
  it('names another document for another session or ref, even when their concatenation is the same', () => {
    expect(approvalId('s1', 'a')).not.toBe(approvalId('s1', 'b'));
    expect(approvalId('s1a', 'b')).not.toBe(approvalId('s1', 'ab'));
  });
});
