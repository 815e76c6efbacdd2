import type { z } from 'zod';
import { KitError } from '../errors/index.js';
import {
  type GenerateRequest,
  type JsonSchema,
  type Message,
  type Part,
  shortToolName,
  type ToolDefinition,
  validateMessages,
} from '../model/index.js';
import { type Tool, toJsonSchema } from '../tools/index.js';
import type { GenerateOptions } from './generate-options.js';

const toParts = (value: string | Part[]): Part[] => (typeof value === 'string' ? [{ text: value }] : value);

const jsonSchemas = new WeakMap<z.ZodType, JsonSchema>();
const offeredDefinitions = new WeakMap<Tool, ToolDefinition>();

/** A tool as the model is offered it: a namespaced tool by its short name, the original kept in metadata. */
export function offeredDefinition(tool: Tool): ToolDefinition {
  const definition = tool.definition;
  const short = shortToolName(definition.name);
  if (short === definition.name) return definition;
  let offered = offeredDefinitions.get(tool);
  if (!offered) {
    offered = { ...definition, name: short, metadata: { ...definition.metadata, originalName: definition.name } };
    offeredDefinitions.set(tool, offered);
  }
  return offered;
}

function outputJsonSchema(schema: z.ZodType): JsonSchema {
  let json = jsonSchemas.get(schema);
  if (!json) {
    json = toJsonSchema(schema, 'output');
    jsonSchemas.set(schema, json);
  }
  return json;
}

/** The conversation a generation starts from: system, the messages so far, the new prompt. */
export function initialMessages(options: GenerateOptions): Message[] {
  const given = options.messages ?? [];
  validateMessages(given);
  const messages: Message[] = [];
  if (options.system !== undefined) {
    if (given[0]?.role === 'system') {
      throw new KitError(
        'invalid-argument',
        'give the system prompt either as `system` or as a system message, not both',
      );
    }
    messages.push({ role: 'system', content: toParts(options.system) });
  }
  messages.push(...given);
  if (options.prompt !== undefined) {
    if (options.resume) throw new KitError('invalid-argument', 'a call carries a new prompt or a resume, not both');
    const prompt = { role: 'user' as const, content: toParts(options.prompt) };
    // A string prompt became one text part here: valid as made, so it is not walked (nor wrapped
    // in a list of its own) on every call; parts the caller gave are checked.
    if (typeof options.prompt !== 'string') validateMessages([prompt]);
    messages.push(prompt);
  }
  if (!messages.some((m) => m.role !== 'system')) {
    throw new KitError('invalid-argument', 'nothing to generate from: give a prompt or messages');
  }
  return messages;
}

/** Everything of a model request but its messages, made once per generation. */
export function baseRequest(
  options: GenerateOptions,
  tools: ReadonlyMap<string, Tool>,
): Omit<GenerateRequest, 'messages'> {
  const request: Omit<GenerateRequest, 'messages'> = {};
  if (options.config) request.config = options.config;
  if (tools.size) request.tools = [...tools.values()].map(offeredDefinition);
  if (options.toolChoice) request.toolChoice = options.toolChoice;
  if (options.docs?.length) request.docs = options.docs;
  const output = options.output;
  if (output?.schema) {
    request.output = {
      format: 'json',
      schema: outputJsonSchema(output.schema),
      constrained: output.constrained ?? true,
      contentType: 'application/json',
    };
  } else if (output?.format) {
    request.output = { format: output.format };
  }
  return request;
}
