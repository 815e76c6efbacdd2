/** The values of environment variables whose names say they are secrets. */
export declare function environmentSecrets(env?: NodeJS.ProcessEnv): string[];
/** `text` with every known secret value and every secret-shaped string replaced by `[redacted]`. */
export declare function redactSecrets(text: string, secrets?: readonly string[]): string;
