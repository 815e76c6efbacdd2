/**
 * The resource name of the instance's continuation task queue function (`continueTurn`, the
 * manifest's export), as firebase-admin's `taskQueue` takes it: unprefixed, because firebase-admin
 * puts `kit-<instance>-` before it from `FIREBASE_KIT_INSTANCE_ID` itself. The region is the one
 * the install template's `setGlobalOptions` deploys to (its `FUNCTION_DEFAULT_REGION` param), else
 * firebase-functions' default.
 */
export function continuationFunctionName(env: NodeJS.ProcessEnv): string {
  const region = env.FUNCTION_DEFAULT_REGION?.trim() || 'us-central1';
  return `locations/${region}/functions/continueTurn`;
}
