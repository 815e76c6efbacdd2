/**
 * Whether this process runs on Google Cloud's serverless runtimes (Cloud Functions, Cloud Run),
 * where the metadata server gives the instance its service account's tokens. The markers are
 * gcp-metadata's (`isGoogleCloudServerless`: `K_SERVICE` for Cloud Run and Cloud Functions gen2
 * and newer gen1 runtimes, `FUNCTION_NAME` for older gen1 ones, `CLOUD_RUN_JOB` for jobs) — but
 * the Firebase functions emulator sets `K_SERVICE` too (with `FUNCTIONS_EMULATOR=true`, the
 * marker firebase-functions reads), and there no metadata server answers: it is not Google Cloud.
 */
export declare function onGoogleCloud(env?: NodeJS.ProcessEnv): boolean;
