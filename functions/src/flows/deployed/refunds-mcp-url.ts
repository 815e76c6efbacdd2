/** The region every function of the deploy manifest runs in. */
const REGION = 'us-central1';

function projectId(): string {
  const fromConfig = process.env.FIREBASE_CONFIG
    ? (JSON.parse(process.env.FIREBASE_CONFIG) as { projectId?: string }).projectId
    : undefined;
  return process.env.GCLOUD_PROJECT ?? fromConfig ?? 'demo-project';
}

/** What the emulator hub says of the functions emulator (`GET /emulators`). */
interface HubEmulators {
  functions?: { host?: string; port?: number };
}

/**
 * The `refundsMcp` function's URL: `REFUNDS_MCP_URL` when set; in the emulator, the functions
 * emulator's own address, asked of the emulator hub (`FIREBASE_EMULATOR_HUB`, which the emulator
 * gives its functions, as it gives the task queue's to the continuation queue), so the tests'
 * emulators on free ports are found too; deployed, the function's address in the project.
 */
export async function refundsMcpUrl(): Promise<string> {
  const given = process.env.REFUNDS_MCP_URL;
  if (given) return given;
  const path = `${projectId()}/${REGION}/refundsMcp`;
  const hub = process.env.FIREBASE_EMULATOR_HUB;
  if (process.env.FUNCTIONS_EMULATOR === 'true' && hub) {
    // A hub that doesn't answer leaves the default port (firebase.json's): the turn's call says if it is wrong.
    const functions = await fetch(`http://${hub}/emulators`)
      .then(async (response) => ((await response.json()) as HubEmulators).functions)
      .catch(() => undefined);
    if (functions?.host && functions.port) return `http://${functions.host}:${functions.port}/${path}`;
  }
  if (process.env.FUNCTIONS_EMULATOR === 'true') return `http://127.0.0.1:5001/${path}`;
  return `https://${REGION}-${projectId()}.cloudfunctions.net/refundsMcp`;
}
