import type { CallRequest, CallResult, MessageResult } from '@callable-flows/protocol';
import type { z } from 'zod';
import type { Agent, WhileBusy } from '../agent/index.js';
import type { Flow } from '../flow/index.js';
import type { FlowCallable } from './flow-callable.js';
import type { OnCallFlowOptions } from './on-call-flow-options.js';
/** A flow or agent, or a loader that imports it on the first call (a shorter cold start). */
export type CallTarget<T extends Agent<WhileBusy> | Flow> = T | (() => Promise<T>);
/** Deploys an agent as a callable: the wire protocol of docs/reference.md, a session per conversation. */
export declare function onCallFlow(options: OnCallFlowOptions, agent: CallTarget<Agent<'reject' | 'interrupt'>>): FlowCallable<CallRequest, CallResult>;
/** Deploys an agent that queues messages while a turn runs: a message may be answered `queued`. */
export declare function onCallFlow(options: OnCallFlowOptions, agent: CallTarget<Agent<WhileBusy>>): FlowCallable<CallRequest, MessageResult>;
/** Deploys a stateless flow as a callable: its input in, its output out. */
export declare function onCallFlow<I extends z.ZodType, O extends z.ZodType>(options: OnCallFlowOptions, flow: CallTarget<Flow<I, O>>): FlowCallable<z.input<I>, z.infer<O>>;
