/**
 * Runs `run` with `vars` in process.env (a key set to undefined is removed), and puts every one
 * of those keys back as it was afterwards, however `run` ends.
 */
export async function withEnv<T>(vars: Record<string, string | undefined>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  try {
    apply(vars);
    return await run();
  } finally {
    apply(saved);
  }
}
