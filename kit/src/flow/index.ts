export { defineFlow } from './define-flow.js';
export type { Flow, FlowConfig, FlowContext } from './flow.js';
