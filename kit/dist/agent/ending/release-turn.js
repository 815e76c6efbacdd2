import { isKitError } from '../../errors/index.js';
import { statusAfter } from '../../session/session-standing.js';
import { turnOutcome } from '../../session/turn-outcome.js';
import { within } from '../../timing/index.js';
const ERROR_MESSAGE_CHARS = 300;
/** Why a turn failed, in the kit's own words (a foreign error's message may quote anything: a URL with a key), and its reason. */
function failureOf(error, signal) {
    // The caller went away (its signal fired without a kit error of its own, such as a deadline):
    // whichever step noticed first (a tool, the model, a write) and whatever it threw, the turn was cancelled.
    if (signal?.aborted && !isKitError(signal.reason)) {
        return { code: 'cancelled', message: 'the caller went away before the turn finished', reason: 'CANCELLED' };
    }
    if (isKitError(error)) {
        const failure = { code: error.code, message: error.message.slice(0, ERROR_MESSAGE_CHARS) };
        return error.reason === undefined ? failure : { ...failure, reason: error.reason };
    }
    return { code: 'unknown', message: 'the turn failed unexpectedly' };
}
/** Attempts of a turn's last write (and of the release after a failure): a store that failed once may take the next. */
const LAST_WRITE_ATTEMPTS = 3;
const LAST_WRITE_BACKOFF_MS = 50;
/** How long a failed turn waits for its lease release to be stored. */
const RELEASE_WAIT_MS = 1_000;
/**
 * Writes the write that gives the lease up, again after a failure of the store: the writer
 * refuses nothing after a failed release, so a session is never left `running` by a store
 * that failed once. A lost lease is final (another call holds the session).
 */
export async function writeRelease(writer, update) {
    for (let attempt = 1;; attempt++) {
        try {
            await writer.commit(update, { release: true });
            return;
        }
        catch (error) {
            if (writer.leaseLost || attempt >= LAST_WRITE_ATTEMPTS)
                throw error;
            await new Promise((resolve) => setTimeout(resolve, LAST_WRITE_BACKOFF_MS * attempt));
        }
    }
}
/**
 * Gives the lease up after a failed turn, storing its journal as it stands (what ran, with its
 * results; approved calls stay approved) and why it failed. It waits only for calls still
 * waiting for a person; otherwise it is `failed`, and a retry goes on from the journal. When
 * the store takes no release, this instance sees through the lease from now on, so the retry
 * that lands here is admitted at once (another instance waits for the lease to lapse).
 */
export async function releaseAfterFailure(rt, writer, journal, error, signal) {
    if (writer.leaseLost || writer.hasReleased)
        return; // nothing of ours to release
    const { reason, ...failure } = failureOf(error, signal);
    const end = {
        kind: 'failed',
        failure: reason === undefined ? { code: failure.code } : { code: failure.code, reason },
    };
    const released = writeRelease(writer, (s) => ({
        ...journal.withHistory(s),
        status: statusAfter('failed', journal.history),
        error: failure,
        outcome: turnOutcome(s.turn, rt.timing.clock(), end),
    })).then(() => true, () => false);
    // The caller has waited long enough for a turn that failed: if the store is slow to take the
    // release (Firestore down, say), the lease runs out on its own and a retry takes over.
    const written = await within(released, RELEASE_WAIT_MS, () => false);
    if (!written && !writer.leaseLost)
        rt.givenUp.add(writer.session.id, writer.leaseId);
}
//# sourceMappingURL=release-turn.js.map