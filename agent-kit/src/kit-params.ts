import { defineInt, defineSecret, defineString } from 'firebase-functions/params';
import { instanceSecretName } from './instance-secret.js';

// The params each instance is configured with: prompted by `firebase functions:kits:install`,
// written to `function-kits/<kit>/config-<instance>/.env.<project>`; secrets go to Secret Manager
// under the instance's prefix, each named for its instance (instance-secret.ts). Only firebase-functions/params is loaded here: a cold start reads
// the values from the environment (instance-config.ts), the agent is made on the first call.

/** Where the model runs: the Gemini API (with GEMINI_API_KEY) or Vertex AI (the project's credentials). */
export const modelProvider = defineString('AGENT_MODEL_PROVIDER', {
  label: 'Model provider',
  description: '`gemini-api` (the Gemini API key below) or `vertex` (Vertex AI, with the project and location below).',
  default: 'gemini-api',
  input: {
    select: {
      options: [
        { label: 'Gemini API', value: 'gemini-api' },
        { label: 'Vertex AI', value: 'vertex' },
      ],
    },
  },
});

/** The Gemini model's name. */
export const modelName = defineString('AGENT_MODEL', {
  label: 'Model',
  description: 'The Gemini model that answers, e.g. gemini-2.5-flash.',
  default: 'gemini-2.5-flash',
});

/** The Gemini API key (a secret, `GEMINI_API_KEY_<INSTANCE>`; with Vertex set it to any value, it is not read). */
export const geminiApiKey = defineSecret(instanceSecretName('GEMINI_API_KEY', process.env), {
  description: 'The Gemini API key (https://aistudio.google.com/apikey). With Vertex AI, any value: it is not read.',
});

/** Vertex AI's project; empty for the project the functions run in. */
export const vertexProject = defineString('AGENT_VERTEX_PROJECT', {
  label: 'Vertex AI project',
  description: 'With Vertex AI: the project that bills the model. Empty: the project the functions run in.',
  default: '',
});

/** Vertex AI's location. */
export const vertexLocation = defineString('AGENT_VERTEX_LOCATION', {
  label: 'Vertex AI location',
  description: 'With Vertex AI: the model’s location, e.g. us-central1 or global.',
  default: 'us-central1',
});

/** The agent's instructions. */
export const systemPrompt = defineString('AGENT_SYSTEM_PROMPT', {
  label: 'System prompt',
  description: 'The agent’s instructions.',
  default: 'You are a helpful assistant. Use your tools; some of their calls wait for a person to approve them.',
});

/** The MCP servers the tools come from: `name=url` entries, comma-separated. */
export const mcpServers = defineString('AGENT_MCP_SERVERS', {
  label: 'MCP servers',
  description:
    'The MCP servers (Streamable HTTP) whose tools the agent uses: `name=https://…/mcp` entries, comma-separated. Each server’s tools are named `<name>_<tool>`. Empty: no tools.',
  default: '',
});

/** The secret headers each MCP server gets, as JSON by server name (`AGENT_MCP_HEADERS_<INSTANCE>`). */
export const mcpHeaders = defineSecret(instanceSecretName('AGENT_MCP_HEADERS', process.env), {
  description:
    'The headers each MCP server is sent, as JSON by server name: {"crm": {"authorization": "Bearer …"}}. `{}` for none.',
});

/** The tools whose calls wait for a person's approval. */
export const approvalTools = defineString('AGENT_APPROVAL_TOOLS', {
  label: 'Tools that need approval',
  description:
    'The tools whose calls wait for a person’s approval: `<name>_<tool>` names, comma-separated, or `*` for all.',
  default: '*',
});

/** Who approves those calls. */
export const approvers = defineString('AGENT_APPROVERS', {
  label: 'Approvers',
  description:
    'Who approves: `owner` (the person talking to the agent), `claim:<name>` (users whose ID token has the custom claim `<name>: true`), or `uids:<uid>,<uid>`.',
  default: 'owner',
});

/** Calls a user may make a minute. */
export const callsPerMinute = defineInt('AGENT_CALLS_PER_MINUTE', {
  label: 'Calls per minute',
  description: 'Calls one user may make a minute (0: no limit).',
  default: 30,
});

/** Model tokens a user may spend a day. */
export const tokensPerDay = defineInt('AGENT_TOKENS_PER_DAY', {
  label: 'Tokens per day',
  description: 'Model tokens one user may spend a day (0: no limit).',
  default: 500_000,
});

/** Approvals one user may have waiting at once. */
export const waitingApprovalsPerUser = defineInt('AGENT_WAITING_APPROVALS_PER_USER', {
  label: 'Waiting approvals per user',
  description:
    'Approvals one user may have waiting at once, across their conversations (0: no limit). A call past it is not asked: the model is told how many wait.',
  default: 20,
});

/** What the instance's collections are named with. */
export const collectionPrefix = defineString('AGENT_COLLECTION_PREFIX', {
  label: 'Collection prefix',
  description:
    'Put before the names of the instance’s collections (sessions, approvals, usage counters), so two instances never share a document. Empty: the instance id and `_`. Then, where firebase.json is, run `npx -p @callable-flows/kit callable-flows-firestore --prefix <prefix>` and `firebase deploy --only firestore`: the agent refuses to serve until its indexes exist.',
  default: '',
});
