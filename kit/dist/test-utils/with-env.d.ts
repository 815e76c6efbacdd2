/**
 * Runs `run` with `vars` in process.env (a key set to undefined is removed), and puts every one
 * of those keys back as it was afterwards, however `run` ends.
 */
export declare function withEnv<T>(vars: Record<string, string | undefined>, run: () => Promise<T>): Promise<T>;
