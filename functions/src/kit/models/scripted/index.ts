export { type ScriptedModel, type ScriptedModelOptions, type ScriptStep, scriptedModel } from './scripted-model.js';
