export { lazy } from './lazy.js';
//# sourceMappingURL=index.js.map