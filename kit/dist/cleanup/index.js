export { notifyOwner } from './notify-owner.js';
export { runCleanup } from './run-cleanup.js';
export { scheduledCleanup } from './scheduled-cleanup.js';
//# sourceMappingURL=index.js.map