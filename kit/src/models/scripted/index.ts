export { type ScriptedModel, type ScriptStep, scriptedModel } from './scripted-model.js';
