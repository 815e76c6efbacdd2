import type { Resume } from '@callable-flows/protocol';
import type { Part } from '../model/index.js';
import type { ResumeOptions } from './generate-options.js';
/** One reply of a resume, from a client's request or `generate`'s `resume` option, as admission checks it: once. */
export type ResumeReply = {
    field: string;
    name: string;
    ref: string | undefined;
    /** The digest of the input the person was shown (a client's, sent back from the interrupt); none from generate's option. */
    inputDigest?: string | undefined;
} & ({
    kind: 'respond';
    output: unknown;
    content?: Part[] | undefined;
} | {
    kind: 'restart';
    replaceInput: unknown;
    resumed: Record<string, unknown> | true;
} | {
    kind: 'decline';
    reason: string | undefined;
});
/** The replies of a client's resume (the protocol's): a restart runs the stored call, with its edit (`replaceInput`) if given. */
export declare function repliesOfRequest(resume: Resume): ResumeReply[];
/** The replies of `generate`'s resume option: parts the tool's respond / restart / decline made. */
export declare function repliesOfOptions(resume: ResumeOptions): ResumeReply[];
