import type { Tool } from '../tools/index.js';
/**
 * The tools by name. Two tools with one name are an error, and so are two whose short names
 * collide (`billing/refund` and `orders/refund`): the model is offered the short names.
 */
export declare function toToolMap(tools: readonly Tool[] | undefined): Map<string, Tool>;
/** The tool a model asked for, by full name or by the short name after the last `/`. */
export declare function lookupTool(map: ReadonlyMap<string, Tool>, name: string): Tool | undefined;
