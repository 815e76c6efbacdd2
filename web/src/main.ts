import './styles.css';
import { ChatApp } from './app.js';
import { assistantCall } from './call-assistant.js';
import { ChatView } from './chat-view.js';
import { errorWords } from './error-words.js';
import { connectClient } from './firebase-client.js';
import { latestSessionId, readSession } from './read-session.js';
import { sessionFromUrl, setSessionInUrl } from './session-url.js';
import { signIn } from './sign-in.js';
import { STACK } from './stack-config.js';
import { unansweredStart } from './unanswered-start.js';

const $ = <T extends HTMLElement>(selector: string): T => document.querySelector(selector) as T;
const form = $<HTMLFormElement>('#composer');
const input = $<HTMLInputElement>('#message');
const send = $<HTMLButtonElement>('#send');
const whoami = $<HTMLElement>('#whoami');

const client = connectClient(STACK);
const app = new ChatApp({
  call: assistantCall(client.functions, 'orderAssistant'),
  readSession: (id) => readSession(client.db, id),
  latestSessionId: () => latestSessionId(client.db, client.auth.currentUser?.uid ?? '', 'orderAssistant'),
  unansweredStart: unansweredStart(),
  sessionInUrl: setSessionInUrl,
  onBusy: (busy) => {
    input.disabled = busy;
    send.disabled = busy;
    if (!busy) input.focus();
  },
});
const view = new ChatView($('#log'), $('#notices'), app);
app.attach(view);

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const text = input.value;
  input.value = '';
  void app.send(text);
});
$('#new').addEventListener('click', () => app.reset());

async function boot(): Promise<void> {
  const name = new URLSearchParams(window.location.search).get('user') ?? undefined;
  const account = name ? STACK.demoAccounts[name] : undefined;
  try {
    const user = await signIn(client.auth, account);
    whoami.dataset.uid = user.uid;
    whoami.textContent = user.isAnonymous
      ? `Signed in anonymously (${user.uid.slice(0, 8)}…)`
      : `Signed in as ${user.email}`;
    input.disabled = false;
    send.disabled = false;
    await app.open(sessionFromUrl());
  } catch (error) {
    view.notice({ text: `Could not sign in. ${errorWords(error).text}`, kind: 'error' });
  } finally {
    // For people and tests alike: the page has done what it does on load.
    document.body.dataset.ready = 'true';
  }
}

void boot();
