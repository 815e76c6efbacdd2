export { handedOffError, handOffTurn, isDeadline } from './hand-off-turn.js';
export { honourParentStop } from './honour-parent-stop.js';
export { listenForStop } from './listen-for-stop.js';
export { releaseAfterFailure, writeRelease } from './release-turn.js';
export { ownedSession, type StopContext, stopTurn } from './stop-turn.js';
export { runTurnEndHook } from './turn-end-hook.js';
