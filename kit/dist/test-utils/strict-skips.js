/**
 * True when a suite that can't run must fail the run instead of skipping: on CI (`CI=true`, as
 * CI services set it) or when anyone asks for it locally (`STRICT_SKIPS=1`). A green run then
 * means every suite ran: the failure matrix, crash points, e2e, rules and browser tests included.
 */
export function skipsFail(env = process.env) {
    return env.CI === 'true' || env.CI === '1' || env.STRICT_SKIPS === '1' || env.STRICT_SKIPS === 'true';
}
/** Says loudly that `what` is skipped and why, or throws when skips must fail (see {@link skipsFail}). */
export function skipOrFail(what, why, env = process.env) {
    if (skipsFail(env)) {
        throw new Error(`${what} can't run (${why}), and a skip is a failure under CI=true or STRICT_SKIPS=1`);
    }
    console.warn(`\n*** SKIPPED: ${what} — ${why} (under CI=true or STRICT_SKIPS=1 this fails the run) ***\n`);
}
//# sourceMappingURL=strict-skips.js.map