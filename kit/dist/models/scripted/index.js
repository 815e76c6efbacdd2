export { scriptedModel } from './scripted-model.js';
//# sourceMappingURL=index.js.map