import { KitError } from '../errors/index.js';
import { shortToolName } from '../model/index.js';
/**
 * The tools by name. Two tools with one name are an error, and so are two whose short names
 * collide (`billing/refund` and `orders/refund`): the model is offered the short names.
 */
export function toToolMap(tools) {
    const map = new Map();
    let shortNames;
    for (const tool of tools ?? []) {
        if (map.has(tool.name)) {
            throw new KitError('invalid-argument', `two tools are named '${tool.name}': tool names must be unique in a request`);
        }
        map.set(tool.name, tool);
    }
    if (map.size < 2)
        return map;
    for (const name of map.keys()) {
        shortNames ??= new Map();
        const short = shortToolName(name);
        const other = shortNames.get(short);
        if (other !== undefined) {
            throw new KitError('invalid-argument', `tools '${other}' and '${name}' are both offered to the model as '${short}': short tool names must be unique`, { details: { tools: [other, name] } });
        }
        shortNames.set(short, name);
    }
    return map;
}
/** The tool a model asked for, by full name or by the short name after the last `/`. */
export function lookupTool(map, name) {
    const exact = map.get(name);
    if (exact)
        return exact;
    for (const [full, tool] of map) {
        if (shortToolName(full) === name)
            return tool;
    }
    return undefined;
}
//# sourceMappingURL=to-tool-map.js.map