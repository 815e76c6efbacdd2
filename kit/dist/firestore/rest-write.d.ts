import type { DocumentFields, WritePrecondition } from './document-db.js';
import { type RestValue } from './rest-value.js';
/** One write of a commit, in the REST API's JSON form. */
export interface RestWrite {
    update?: {
        name: string;
        fields: Record<string, RestValue>;
    };
    delete?: string;
    updateMask?: {
        fieldPaths: string[];
    };
    updateTransforms?: Array<{
        fieldPath: string;
        increment: RestValue;
    }>;
    currentDocument?: {
        exists?: boolean;
        updateTime?: string;
    };
}
/** How a write treats the document's other fields. */
export type WriteMode = 'create' | 'set' | 'merge' | 'update';
/**
 * The REST write of a create, a set (all fields replaced), a merge (the given leaves replaced) or
 * an update (dotted keys are field paths) of document `name`, as the SDK's batch would send it.
 * Throws a TypeError naming the field, before anything is sent, for what the SDK refuses.
 */
export declare function restWrite(mode: WriteMode, name: string, data: DocumentFields, precondition?: WritePrecondition): RestWrite;
/** The REST write that deletes document `name`. */
export declare function restDelete(name: string, precondition?: WritePrecondition): RestWrite;
