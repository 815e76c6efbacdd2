/**
 * `work`'s outcome, or `late()`'s once `ms` have passed without one (`late` may throw, to fail
 * the wait). `work` is not cancelled: the caller stops waiting for it. The timer never outlives
 * the wait, so a settled wait keeps no process alive.
 */
export async function within(work, ms, late) {
    let timer;
    const timeout = new Promise((resolve, reject) => {
        timer = setTimeout(() => {
            try {
                resolve(late());
            }
            catch (error) {
                reject(error);
            }
        }, ms);
    });
    try {
        return await Promise.race([work, timeout]);
    }
    finally {
        clearTimeout(timer);
    }
}
//# sourceMappingURL=within.js.map