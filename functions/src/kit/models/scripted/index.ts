export { benchProtocolReply, parseScript } from './bench-protocol-reply.js';
export { type ScriptedModel, type ScriptedModelOptions, type ScriptStep, scriptedModel } from './scripted-model.js';
