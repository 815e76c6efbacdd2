export { continueTurn } from './continue-turn.js';
//# sourceMappingURL=index.js.map