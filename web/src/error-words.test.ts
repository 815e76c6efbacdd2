import { describe, expect, it } from 'vitest';
import { errorWords } from './error-words.js';

/** An error as the Firebase JS SDK throws it: a code with the service's prefix. */
const sdkError = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('errorWords', () => {
  it('says the conversation is not theirs when a read or call is refused with permission-denied', () => {
    expect(errorWords(sdkError('firestore/permission-denied')).text).toContain("You don't have permission");
    expect(errorWords(sdkError('functions/permission-denied')).code).toBe('permission-denied');
  });

  it('says the approval expired when the function refuses a resume as expired', () => {
    const words = errorWords(
      sdkError('functions/failed-precondition', "the approval expired: session 's1' no longer waits"),
    );
    expect(words).toMatchObject({ expired: true, retry: false });
    expect(words.text).toContain('expired');
  });

  it('asks to try again when the session is busy with another call', () => {
    const words = errorWords(
      sdkError('functions/aborted', "session 's1' is busy with another call; retry when it is done"),
    );
    expect(words).toMatchObject({ retry: true, uncertain: false });
    expect(words.text).toContain('Try again');
  });

  it('says the outcome is uncertain when the answer was lost', () => {
    expect(errorWords(sdkError('functions/internal', 'internal'))).toMatchObject({ uncertain: true, retry: true });
  });

  it('asks for the approval first when a message is sent while one waits', () => {
    const words = errorWords(
      sdkError('functions/failed-precondition', "session 's1' waits for answers to its interrupts: resume it first"),
    );
    expect(words.text).toBe('Please answer the approval above first.');
  });

  it('words an error without a code as a failure on our side', () => {
    expect(errorWords(new Error('boom'))).toMatchObject({ code: 'unknown', retry: true });
  });
});
