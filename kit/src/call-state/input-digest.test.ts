import { describe, expect, it } from 'vitest';
import { stampInterrupt } from './call-stamps.js';
import { askedInputDigest, inputDigest } from './input-digest.js';

describe('inputDigest', () => {
  it('is one digest for an input whatever order its keys come in', () => {
    const a = inputDigest({ to: 'BOB', cents: 500, address: { line1: '1 Quay St', city: 'Cork' } });
    expect(inputDigest({ address: { city: 'Cork', line1: '1 Quay St' }, cents: 500, to: 'BOB' })).toBe(a);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('differs when a value, a type or a key differs', () => {
    const a = inputDigest({ to: 'BOB', cents: 500 });
    expect(inputDigest({ to: 'MALLORY', cents: 500 })).not.toBe(a);
    expect(inputDigest({ to: 'BOB', cents: '500' })).not.toBe(a);
    expect(inputDigest({ to: 'BOB', cents: 500, note: 'x' })).not.toBe(a);
  });

  it('is sha-256 of the canonical JSON, base64url: a waiting approval keeps its digest across a deploy', () => {
    // A known answer, written down: admission digests the stored input again when the answer
    // comes, so a change of hash or encoding would make every approval waiting then stale.
    expect(inputDigest({ to: 'BOB', cents: 500 })).toBe('GiuI-djDicuVU773nH42Q8HPPxZFYssTCVvrI8R2T4s');
  });

  it('takes no input and a null input as one (a call without input is stored as null on the wire)', () => {
    expect(inputDigest(undefined)).toBe(inputDigest(null));
  });
});

describe('askedInputDigest', () => {
  const request = { toolRequest: { name: 'transfer', ref: 't1', input: { to: 'BOB', cents: 500 } } };

  it('is the digest stamped with the interrupt while the call waits, not one made again', () => {
    const waiting = stampInterrupt(request, { question: 'send?' });
    expect(askedInputDigest(waiting)).toBe(inputDigest({ to: 'BOB', cents: 500 }));
    // The stamp is what is read: a waiting call carries the digest of the input it was asked about.
    const stamped = { ...waiting, metadata: { ...waiting.metadata, inputDigest: 'stamped' } };
    expect(askedInputDigest(stamped)).toBe('stamped');
  });

  it('is the digest of the input as asked, before a person’s edit, once the call was answered', () => {
    const approved = {
      toolRequest: { ...request.toolRequest, input: { to: 'BOB', cents: 700 } },
      metadata: { replacedInput: { to: 'BOB', cents: 500 }, resumed: true },
    };
    expect(askedInputDigest(approved)).toBe(inputDigest({ to: 'BOB', cents: 500 }));
  });
});
