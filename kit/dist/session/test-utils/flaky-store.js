import { KitError } from '../../errors/index.js';
/** How many calls of the open round `session` stores have a recorded result. */
export function recordedOf(session) {
    const last = session.history.at(-1);
    if (last?.role !== 'model')
        return 0;
    return last.content.filter((p) => 'toolRequest' in p && p.metadata !== undefined && 'pendingOutput' in p.metadata)
        .length;
}
/** A store wrapper that fails at a chosen step, standing in for a crash or a Firestore outage. */
export class FlakyStore {
    mutations = [];
    dead = false;
    releases = 0;
    hits = 0;
    inner;
    fault;
    constructor(inner, fault) {
        this.inner = inner;
        this.fault = fault;
    }
    /** The process dies now (mid-step, between writes): every later call fails. */
    kill() {
        this.dead = true;
    }
    /** True once a fault has struck. */
    get struck() {
        return this.dead || this.hits > 0;
    }
    load(id) {
        this.check();
        return this.inner.load(id);
    }
    create(session) {
        return this.mutate({ kind: 'create', status: session.status, recorded: recordedOf(session), releases: false }, () => this.inner.create(session));
    }
    write(expected, next, options) {
        const mutation = {
            kind: 'write',
            status: next.status,
            recorded: recordedOf(next),
            releases: next.lease === undefined,
        };
        return this.mutate(mutation, () => this.inner.write(expected, next, options));
    }
    delete(id) {
        this.check();
        return this.inner.delete(id);
    }
    /** True when `fault` strikes the mutation just counted. */
    strikes(fault, mutation) {
        if (fault.on === 'release') {
            if (mutation.kind !== 'write' || !mutation.releases)
                return false;
            this.releases++;
        }
        const index = fault.on === 'release' ? this.releases : this.mutations.length;
        return index >= fault.at && index < fault.at + (fault.times ?? 1);
    }
    check() {
        if (this.dead)
            throw new KitError('unavailable', 'injected: the process is gone');
    }
    async mutate(mutation, run) {
        this.check();
        this.mutations.push(mutation);
        const fault = this.fault;
        if (!fault || !this.strikes(fault, mutation))
            return run();
        this.hits++;
        if (fault.mode === 'crash')
            this.dead = true;
        if (fault.when === 'before')
            throw new KitError('unavailable', `injected fault before ${mutation.kind} #${fault.at}`);
        await run();
        throw new KitError('unavailable', `injected fault after ${mutation.kind} #${fault.at}`);
    }
}
//# sourceMappingURL=flaky-store.js.map