import { createRequire } from 'node:module';

/**
 * Declares the Google APIs the kit needs enabled and the roles its service account needs, in the
 * functions' manifest, only while the Firebase CLI reads that manifest (at install, deploy and in
 * the emulator the CLI runs the code with `FUNCTIONS_CONTROL_API=true`). A running function has no
 * use for them, and `requiresAPI` is exported only by firebase-functions' root entry, which loads
 * every trigger provider: about as long again as `firebase-functions/v2/https`, on every cold start.
 * Synchronous (the CJS build, which shares the manifest through `globalThis`): the CLI's install
 * template loads the kit with `require`, so the kit has no top-level await.
 */
export function declareDeployRequirements(env: NodeJS.ProcessEnv): boolean {
  if (env.FUNCTIONS_CONTROL_API !== 'true') return false;
  const { requiresAPI, requiresRole } = createRequire(import.meta.url)(
    'firebase-functions',
  ) as typeof import('firebase-functions');
  requiresAPI('firestore.googleapis.com', 'Sessions, the approvals inbox and usage counters live in Firestore.');
  requiresAPI('cloudtasks.googleapis.com', 'A turn whose instance died goes on from a task queue.');
  requiresAPI('secretmanager.googleapis.com', 'The Gemini API key and the MCP servers’ headers are secrets.');
  requiresAPI('fcm.googleapis.com', 'Approvers are told of a waiting approval by a push.');
  requiresAPI('aiplatform.googleapis.com', 'With the Vertex AI provider, the model runs on Vertex AI.');
  // What the kit's service account does: read and write its collections, queue its continuations
  // (as itself, so it acts as its own account), push to approvers, call Vertex AI.
  requiresRole('roles/datastore.user');
  requiresRole('roles/cloudtasks.enqueuer');
  requiresRole('roles/iam.serviceAccountUser');
  requiresRole('roles/firebasecloudmessaging.admin');
  requiresRole('roles/aiplatform.user');
  return true;
}
