import { type GenerateRequest, type Message, type ToolDefinition } from '../model/index.js';
import { type Tool } from '../tools/index.js';
import type { GenerateOptions } from './generate-options.js';
/** A tool as the model is offered it: a namespaced tool by its short name, the original kept in metadata. */
export declare function offeredDefinition(tool: Tool): ToolDefinition;
/** The conversation a generation starts from: system, the messages so far, the new prompt. */
export declare function initialMessages(options: GenerateOptions): Message[];
/** Everything of a model request but its messages, made once per generation. */
export declare function baseRequest(options: GenerateOptions, tools: ReadonlyMap<string, Tool>): Omit<GenerateRequest, 'messages'>;
