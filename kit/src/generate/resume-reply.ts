import type { DeclineReply, Resume } from '@callable-flows/protocol';
import type { Part, ToolRequestPart } from '../model/index.js';
import type { ResumeOptions } from './generate-options.js';

/** One reply of a resume, from a client's request or `generate`'s `resume` option, as admission checks it: once. */
export type ResumeReply = {
  field: string;
  name: string;
  ref: string | undefined;
  /** The digest of the input the person was shown (a client's, sent back from the interrupt); none from generate's option. */
  inputDigest?: string | undefined;
} & (
  | { kind: 'respond'; output: unknown; content?: Part[] | undefined }
  | { kind: 'restart'; replaceInput: unknown; resumed: Record<string, unknown> | true }
  | { kind: 'decline'; reason: string | undefined }
);

/** The replies of a client's resume (the protocol's): a restart runs the stored call, with its edit (`replaceInput`) if given. */
export function repliesOfRequest(resume: Resume): ResumeReply[] {
  return [
    ...(resume.respond ?? []).map(
      ({ name, ref, output, inputDigest }, i): ResumeReply => ({
        kind: 'respond',
        field: `resume.respond.${i}`,
        name,
        ref,
        output,
        inputDigest,
      }),
    ),
    ...(resume.restart ?? []).map(
      ({ name, ref, replaceInput, metadata, inputDigest }, i): ResumeReply => ({
        kind: 'restart',
        field: `resume.restart.${i}`,
        name,
        ref,
        inputDigest,
        replaceInput,
        resumed: metadata ?? true,
      }),
    ),
    ...declines(resume.decline),
  ];
}

/** The replies of `generate`'s resume option: parts the tool's respond / restart / decline made. */
export function repliesOfOptions(resume: ResumeOptions): ResumeReply[] {
  return [
    ...(resume.respond ?? []).map((response, i): ResumeReply => {
      const { name, ref, output, content } = response.toolResponse;
      return { kind: 'respond', field: `resume.respond.${i}`, name, ref, output, content };
    }),
    ...(resume.restart ?? []).map((restart: ToolRequestPart, i): ResumeReply => {
      const { name, ref, input } = restart.toolRequest;
      // tool.restart marks a replaced input (keeping the one asked about); otherwise the stored input runs.
      const replaceInput = restart.metadata?.replacedInput === undefined ? undefined : input;
      const resumed = (restart.metadata?.resumed ?? true) as Record<string, unknown> | true;
      return { kind: 'restart', field: `resume.restart.${i}`, name, ref, replaceInput, resumed };
    }),
    ...declines(resume.decline),
  ];
}

function declines(list: DeclineReply[] = []): ResumeReply[] {
  return list.map(({ name, ref, reason, inputDigest }, i) => ({
    kind: 'decline',
    field: `resume.decline.${i}`,
    name,
    ref,
    inputDigest,
    reason: reason || undefined,
  }));
}
