/**
 * Whether this process runs on Google Cloud's serverless runtimes (Cloud Functions, Cloud Run),
 * where the metadata server gives the instance its service account's tokens. The markers are
 * gcp-metadata's (`isGoogleCloudServerless`: `K_SERVICE` for Cloud Run and Cloud Functions gen2
 * and newer gen1 runtimes, `FUNCTION_NAME` for older gen1 ones, `CLOUD_RUN_JOB` for jobs) — but
 * the Firebase functions emulator sets `K_SERVICE` too (with `FUNCTIONS_EMULATOR=true`, the
 * marker firebase-functions reads), and there no metadata server answers: it is not Google Cloud.
 */
export function onGoogleCloud(env = process.env) {
    if (env.FUNCTIONS_EMULATOR === 'true')
        return false;
    return Boolean(env.K_SERVICE || env.FUNCTION_NAME || env.CLOUD_RUN_JOB);
}
//# sourceMappingURL=google-cloud.js.map