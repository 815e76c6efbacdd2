export { defineFlow } from './define-flow.js';
export type { Flow, FlowConfig, FlowContext, FlowFn, FlowRunOptions } from './flow.js';
