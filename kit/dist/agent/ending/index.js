export { handedOffError, handOffTurn, isDeadline } from './hand-off-turn.js';
export { listenForStop, STOP_LISTEN_DELAY_MS, stoppedError } from './listen-for-stop.js';
export { releaseAfterFailure, writeRelease } from './release-turn.js';
export { ownedSession, STOP_WAIT_MS, stopTurn } from './stop-turn.js';
//# sourceMappingURL=index.js.map