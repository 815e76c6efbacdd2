export { registerRuntime } from './agent-runtimes.js';
export { type HandoffRecord, handoffOf } from './handoff-round.js';
export { handoffRoutes, routesOf } from './handoff-routes.js';
export {
  type HandoffOptions,
  HandoffOutputSchema,
  type HandoffTarget,
  handoffTo,
  isHandoffTool,
} from './handoff-to.js';
export { type HandedTurn, MAX_HANDOFFS_PER_TURN, runHandingOff, type TurnInCharge } from './run-handoffs.js';
