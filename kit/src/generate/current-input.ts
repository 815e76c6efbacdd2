import { isWaiting, toolVersionOf } from '../call-state/index.js';
import { KitError } from '../errors/index.js';
import type { Message, ToolRequestPart } from '../model/index.js';
import type { Tool } from '../tools/index.js';
import { lookupTool } from './to-tool-map.js';

// A call can wait for days, and code is deployed daily: between the question and the answer, its
// tool may have been removed, renamed, or given another input. Here, and only here, a waiting call
// is read against the tool as it is deployed now.

/**
 * The input a waiting call runs with under its tool as deployed now: its stored input, parsed by
 * the tool's input schema, or, asked under another version of a tool that declares `migrateInput`,
 * the migration of it, parsed (`migrated`). `changed` when there is none: the tool is gone, or the
 * input (migrated or not) no longer parses, or the migration threw.
 */
export type CurrentInput = { input: unknown; migrated: boolean; changed?: undefined } | { changed: true };

const CHANGED: CurrentInput = { changed: true };

function parsed(tool: Tool, input: unknown, migrated: boolean): CurrentInput {
  const schema = tool.config.inputSchema;
  if (!schema) return { input, migrated };
  const result = schema.safeParse(input);
  return result.success ? { input: result.data, migrated } : CHANGED;
}

/** The input the waiting call `part` runs with under `tool` (undefined: no tool of its name is deployed). */
export function currentInputOf(part: ToolRequestPart, tool: Tool | undefined): CurrentInput {
  if (!tool) return CHANGED;
  const asked = toolVersionOf(part);
  const { version = 1, migrateInput } = tool.config;
  const stored = part.toolRequest.input;
  if (asked === version || !migrateInput) return parsed(tool, stored, false);
  let migrated: unknown;
  try {
    migrated = migrateInput(stored, asked);
  } catch {
    // The tool's own migration can't make this call's input: the call can't run, as if it had none.
    return CHANGED;
  }
  return parsed(tool, migrated, true);
}

/** The refusal of an answer to a call its tool, as deployed now, can no longer take. Nothing is written or run. */
export function toolChanged(name: string, ref: string | undefined): KitError {
  return new KitError(
    'failed-precondition',
    `the tool '${name}' changed since the call (ref '${ref}') was asked: it can no longer run; send a new message to go on`,
    { reason: 'TOOL_CHANGED', details: { name, ref } },
  );
}

/**
 * True when the waiting call `part` can no longer be answered as asked by the tools deployed now:
 * its tool is gone, or (a tool with a body to run) it has no current input. An interrupt's
 * answer (`respond`) doesn't use the input, so only its tool's going changes it.
 */
export function isChangedCall(part: ToolRequestPart, tools: ReadonlyMap<string, Tool>): boolean {
  const tool = lookupTool(tools, part.toolRequest.name);
  if (!tool) return true;
  return tool.restartable && currentInputOf(part, tool).changed === true;
}

/** The refs of the calls of the open round `round` that wait and can no longer run ({@link isChangedCall}). */
export function changedCallsOf(round: Message, tools: ReadonlyMap<string, Tool>): Set<string> {
  const changed = new Set<string>();
  for (const part of round.content) {
    if (!('toolRequest' in part) || !isWaiting(part)) continue;
    const ref = part.toolRequest.ref;
    if (ref !== undefined && isChangedCall(part, tools)) changed.add(ref);
  }
  return changed;
}
