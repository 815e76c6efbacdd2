import { type KitError } from '../errors/index.js';
import type { ModelRunnerResponse, ToolRequest } from '../model/index.js';
/** A scripted model answer that calls the given tools. */
export declare const toolCalls: (...requests: ToolRequest[]) => ModelRunnerResponse;
/** The kit error `promise` rejects with; fails the test when it resolves or rejects with anything else. */
export declare function rejection(promise: Promise<unknown>): Promise<KitError>;
