/**
 * A secret's name for one instance: `<name>_<INSTANCE>` (the instance id upper-cased, `-` as
 * `_`: `GEMINI_API_KEY_SUPPORT` for instance `support`), or `name` outside a kit instance.
 *
 * Why: the functions emulator reads every instance's secrets from the one `.secret.local` of the
 * kit's source folder, by the secret's name (firebase-tools 15 has no per-instance file), so a
 * name shared by two instances would give both the same value. Deployed, the CLI also puts the
 * instance before it in Secret Manager (`kit-<instance>-<name>`). The Firebase CLI sets
 * `FIREBASE_KIT_INSTANCE_ID` wherever it loads an instance (install, emulator, deploy, runtime),
 * so the name is the same each time.
 */
export function instanceSecretName(name: string, env: NodeJS.ProcessEnv): string {
  const instanceId = env.FIREBASE_KIT_INSTANCE_ID?.trim();
  return instanceId ? `${name}_${instanceId.toUpperCase().replaceAll('-', '_')}` : name;
}
