export { defineFlow } from './define-flow.js';
//# sourceMappingURL=index.js.map