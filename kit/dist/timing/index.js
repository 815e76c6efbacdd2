export { within } from './within.js';
//# sourceMappingURL=index.js.map