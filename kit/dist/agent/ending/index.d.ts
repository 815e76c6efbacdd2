export { handedOffError, handOffTurn, isDeadline } from './hand-off-turn.js';
export { listenForStop, STOP_LISTEN_DELAY_MS, type StopListener, stoppedError } from './listen-for-stop.js';
export { releaseAfterFailure, writeRelease } from './release-turn.js';
export { ownedSession, STOP_WAIT_MS, type StopContext, stopTurn } from './stop-turn.js';
