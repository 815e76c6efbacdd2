import { isWriteConflict } from '../session/index.js';
import { noteError, skipLeased, sweepPages } from './sweep.js';
async function deleteOne(sweep, scanned) {
    if (skipLeased(sweep, scanned))
        return;
    try {
        // Only the copy scanned: a session a turn wrote since is younger than it looked, and stays.
        await sweep.store.delete(scanned.id, { expected: scanned });
        sweep.report.deletedSessions++;
    }
    catch (error) {
        if (isWriteConflict(error))
            sweep.report.skippedChanged++;
        else
            noteError(sweep, error);
    }
}
/** Deletes the sessions last updated longer ago than `sessionTtlMs`, with their history, a page at a time. */
export function deleteSessions(sweep) {
    return sweepPages(sweep, { updatedBefore: sweep.now - sweep.sessionTtlMs }, (scanned) => deleteOne(sweep, scanned));
}
//# sourceMappingURL=delete-sessions.js.map