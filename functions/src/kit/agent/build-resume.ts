import { KitError } from '../errors/index.js';
import { lookupTool, type ResumeOptions } from '../generate/index.js';
import type { ToolRequestPart } from '../model/index.js';
import type { Tool } from '../tools/index.js';
import type { AgentInput, RespondReply, RestartReply } from './agent.js';

type Resume = NonNullable<AgentInput['resume']>;

function pendingFor(
  interrupts: ReadonlyMap<string, ToolRequestPart>,
  reply: RespondReply | RestartReply,
): ToolRequestPart {
  const stored = interrupts.get(reply.ref);
  if (!stored) {
    throw new KitError('invalid-argument', `no pending interrupt with ref '${reply.ref}'`, {
      details: { ref: reply.ref, name: reply.name },
    });
  }
  if (reply.name !== undefined && reply.name !== stored.toolRequest.name) {
    throw new KitError(
      'invalid-argument',
      `the interrupt with ref '${reply.ref}' is of tool '${stored.toolRequest.name}', not '${reply.name}'`,
      { details: { ref: reply.ref, name: reply.name } },
    );
  }
  return stored;
}

function toolFor(tools: ReadonlyMap<string, Tool>, part: ToolRequestPart): Tool {
  const tool = lookupTool(tools, part.toolRequest.name);
  if (!tool) {
    throw new KitError('invalid-argument', `tool '${part.toolRequest.name}' is no longer available to this agent`, {
      details: { ref: part.toolRequest.ref, name: part.toolRequest.name },
    });
  }
  return tool;
}

/**
 * The resume of a client's replies, built from the STORED tool requests: a client names
 * interrupts by ref (and name); inputs come from the session, never from the client. Outputs
 * and replacement inputs are checked against the tool's schemas here, before anything is written.
 */
export function buildResume(
  interrupts: readonly ToolRequestPart[],
  resume: Resume,
  tools: ReadonlyMap<string, Tool>,
): ResumeOptions {
  const byRef = new Map(interrupts.map((p) => [p.toolRequest.ref ?? '', p]));
  const respond = (resume.respond ?? []).map((reply) => {
    const stored = pendingFor(byRef, reply);
    return toolFor(tools, stored).respond(stored, reply.output);
  });
  const restart = (resume.restart ?? []).map((reply) => {
    const stored = pendingFor(byRef, reply);
    const options = reply.replaceInput === undefined ? {} : { replaceInput: reply.replaceInput };
    return toolFor(tools, stored).restart(stored, reply.metadata, options);
  });
  if (!respond.length && !restart.length) {
    throw new KitError('invalid-argument', 'a resume must answer or restart at least one interrupt');
  }
  return { respond, restart };
}
