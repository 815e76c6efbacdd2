import { KitError } from '../errors/index.js';
import type { Tool } from '../tools/index.js';

/** The tools by the name the model calls them; two tools with one name are an error. */
export function toToolMap(tools: readonly Tool[] | undefined): Map<string, Tool> {
  const map = new Map<string, Tool>();
  for (const tool of tools ?? []) {
    if (map.has(tool.name)) {
      throw new KitError(
        'invalid-argument',
        `two tools are named '${tool.name}': tool names must be unique in a request`,
      );
    }
    map.set(tool.name, tool);
  }
  return map;
}

/** The tool a model asked for, by full name or by the short name after the last `/`. */
export function lookupTool(map: ReadonlyMap<string, Tool>, name: string): Tool | undefined {
  const exact = map.get(name);
  if (exact) return exact;
  for (const [full, tool] of map) {
    if (full.slice(full.lastIndexOf('/') + 1) === name) return tool;
  }
  return undefined;
}
