import { restDelete, restWrite } from './rest-write.js';
/** A root for a write made before the project is known: its names are made again at commit. */
const PROVISIONAL_ROOT = 'projects/-/databases/-/documents';
/** Writes gathered for one commit (a batch's, or a transaction's). */
export class RestWriteGathering {
    builds = [];
    db;
    constructor(db) {
        this.db = db;
    }
    /** How many writes were gathered. */
    get size() {
        return this.builds.length;
    }
    create(ref, data) {
        return this.gather((root) => restWrite('create', `${root}/${ref.path}`, data));
    }
    set(ref, data, options) {
        return this.gather((root) => restWrite(options?.merge ? 'merge' : 'set', `${root}/${ref.path}`, data));
    }
    update(ref, data, precondition) {
        return this.gather((root) => restWrite('update', `${root}/${ref.path}`, data, precondition));
    }
    delete(ref, precondition) {
        return this.gather((root) => restDelete(`${root}/${ref.path}`, precondition));
    }
    /**
     * Makes the write now, so that what the SDK refuses throws here, as the SDK's `set()` throws;
     * where the root is not known yet, makes it again at commit with the root (reading `data` then).
     */
    gather(build) {
        const root = this.db.root;
        const write = build(root ?? PROVISIONAL_ROOT);
        this.builds.push(root === undefined ? build : () => write);
        return this;
    }
}
/** Writes committed together, all or none. */
export class RestBatch extends RestWriteGathering {
    commit() {
        return this.db.commit(this.builds);
    }
}
//# sourceMappingURL=rest-batch.js.map