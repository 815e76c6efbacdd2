import './styles.css';
import { flow } from '@callable-flows/client';
import { onAuthStateChanged, type User } from 'firebase/auth';
import { agentTargetOf } from './agent-target.js';
import { ChatApp } from './app.js';
import { ApprovalAlert, browserNotifications } from './approval-alert.js';
import { approvalsFor, viewerOf } from './approvals-setup.js';
import type { ApprovalsView } from './approvals-view.js';
import { answerableBy, type Viewer } from './approver-role.js';
import type { AssistantTypes } from './assistant.js';
import { branchPicks } from './branch-pick.js';
import { ChatView } from './chat-view.js';
import { Composer } from './composer.js';
import { confirmDialog } from './confirm-dialog.js';
import { ConnectionState } from './connection-state.js';
import { conversationList } from './conversation-list.js';
import { errorWords } from './error-words.js';
import { connectClient } from './firebase-client.js';
import { followFirestoreConnection } from './firestore-connection.js';
import { headerMenu } from './header-menu.js';
import { listSessions } from './session-list.js';
import { onHistoryMove, sessionFromUrl, setSessionInUrl } from './session-url.js';
import { signIn } from './sign-in.js';
import { STACK } from './stack-config.js';
import { StopButton } from './stop-button.js';
import { unsentStore } from './unsent-message.js';
import { watchSession } from './watch-session.js';
import { fetchWelcome, showWelcome } from './welcome.js';

const $ = <T extends HTMLElement>(selector: string): T => document.querySelector(selector) as T;
const whoami = $<HTMLElement>('#whoami');

const client = connectClient(STACK);
// The order assistant, or the agent-kit instance the address (`?instance=`) or the build names.
const target = agentTargetOf(window.location.search, STACK.agent);
const mySessions = () => listSessions(client.db, client.auth.currentUser?.uid ?? '', target);
// A kit instance's page is named for it (the tab's title too, which the approval alert builds on).
if (target.instance) {
  document.title = `Agent ${target.instance}`;
  $('h1').textContent = `Agent ${target.instance}`;
  $('#empty-title').textContent = 'How can I help?';
  $<HTMLTextAreaElement>('#message').placeholder = `Message agent ${target.instance}`;
}
const approvalAlert = new ApprovalAlert(document, browserNotifications());
// Offline, and back: said above the composer, by the browser's events and Firestore's own state.
const connection = new ConnectionState();
$('#notices').before(connection.element);
let composer: Composer | undefined;
let stopButton: StopButton | undefined;
/** Who is signed in, with their claims (a manager gets the Approvals view), and that view. */
let viewer: Viewer | undefined;
let approvals: ApprovalsView | undefined;
const assistant = flow<AssistantTypes>(client.functions, target.callable);
const app = new ChatApp({
  assistant,
  watchSession: (id, observer) => {
    const stop = watchSession(client.db, id, observer, target.sessions);
    const stopConnection = followFirestoreConnection(
      client.db,
      id,
      (fromCache) => connection.firestore(fromCache),
      target.sessions,
    );
    return () => {
      stop();
      stopConnection();
      connection.firestore(false);
    };
  },
  unsent: unsentStore(window.sessionStorage, target.callable),
  sessionInUrl: setSessionInUrl,
  onComposer: (mode) => composer?.setMode(mode),
  onStop: (state) => stopButton?.set(state),
  queues: target.queues,
  editText: (text) => composer?.setText(text),
  confirm: confirmDialog,
  onWaiting: (waiting) => approvalAlert.show(answerableBy(waiting, viewer)),
  branches: branchPicks(window.sessionStorage),
});
const view = new ChatView(
  {
    log: $('#log'),
    scroller: $('#scroller'),
    notices: $('#notices'),
    announcer: $('#announcer'),
    queue: $('#queued'),
    artifacts: $('#artifacts'),
  },
  app,
  () => client.auth.currentUser?.uid,
  () => viewer,
);
app.attach(view);
// A notice that a message failed offline ends when the browser is back (its Not sent bubble stays, with Retry).
window.addEventListener('online', () => app.backOnline());
composer = new Composer(
  {
    form: $('#composer'),
    input: $('#message'),
    send: $('#send'),
    counter: $('#counter'),
    hint: $('#composer-hint'),
  },
  (text) => void app.send(text),
);
stopButton = new StopButton($('#stop'), () => void app.stop());
$('#new').addEventListener('click', () => void app.startOver());
const conversations = conversationList({
  list: mySessions,
  current: () => app.currentSession(),
  open: (id) => void app.openConversation(id),
});
$('#history').addEventListener('click', () => void conversations.open());
// Back and Forward move between conversations (each is a history entry).
onHistoryMove((id) => void app.showFromHistory(id));

// The browser's permission is asked only from this button's click, never on load.
const notifyButton = $<HTMLButtonElement>('#notify');
notifyButton.hidden = !approvalAlert.canAsk;
notifyButton.addEventListener('click', () => {
  void approvalAlert.ask().then((answer) => {
    notifyButton.hidden = true;
    view.notice({
      text:
        answer === 'granted'
          ? 'You will be notified here when an approval waits while this tab is in the background.'
          : 'Notifications are off for this site: the tab’s title still says when an approval waits.',
      kind: 'info',
    });
  });
});
document.addEventListener('visibilitychange', () => approvalAlert.visibilityChanged());
// The header's controls that don't fit beside who is signed in go into its menu (and come back when they do).
headerMenu($('.top'), $('.actions'));

/**
 * The empty page's suggestions, from the person's own orders (a guest's demo orders are made by
 * the server on this call), and the header's word when the scripted model answers.
 */
async function welcome(): Promise<void> {
  const elements = { suggestions: $('#suggestions'), modelNote: $('#model-note'), ordersNote: $('#orders-note') };
  elements.suggestions.replaceChildren();
  // A kit instance has no welcome callable: its page has the box and no suggestions.
  if (!target.welcome) return;
  try {
    showWelcome(await fetchWelcome(client.functions), elements, (text) => void app.send(text));
  } catch (error) {
    // The person can still type: say why there are no suggestions.
    elements.ordersNote.textContent = `Suggestions are not available. ${errorWords(error).text}`;
    elements.ordersNote.hidden = false;
  }
}

/** Knows who is signed in with their claims, and gives a manager the Approvals view (no one else). */
async function setViewer(user: User | null): Promise<void> {
  approvals?.remove();
  approvals = undefined;
  viewer = user ? await viewerOf(user) : undefined;
  if (!viewer) return;
  const chat = [$('#scroller'), document.querySelector('footer.dock') as HTMLElement];
  const setup = {
    db: client.db,
    assistant,
    approvals: target.approvals,
    approverClaim: target.approverClaim,
    accounts: STACK.demoAccounts,
    header: $('.actions'),
    chat,
  };
  approvals = approvalsFor(viewer, setup);
}

/** Shows who is signed in (the header's second line). */
function showUser(user: User | null): void {
  whoami.dataset.uid = user?.uid ?? '';
  if (!user) whoami.textContent = 'Signed out';
  else if (user.isAnonymous) whoami.textContent = `Guest · ${user.uid.slice(0, 8)}`;
  else whoami.textContent = `Signed in as ${user.email}`;
  whoami.title = whoami.textContent;
}

/**
 * Follows the account when it changes in another tab (the SDK shares sign-in between a site's
 * tabs): the header says who is signed in now, and a conversation of the previous account is
 * closed, since its owner's reads and calls would be refused.
 */
function followAccount(signedIn: User): void {
  let uid = signedIn.uid;
  onAuthStateChanged(client.auth, (user) => {
    if ((user?.uid ?? '') === uid) return;
    uid = user?.uid ?? '';
    showUser(user);
    void setViewer(user);
    app.reset();
    app.setAccount(user ? 'signed-in' : 'signed-out');
    if (user) void welcome();
    view.notice({
      text: user
        ? `You signed in as ${user.isAnonymous ? 'a guest' : user.email} in another tab, so the previous account's conversation was closed here.`
        : 'You signed out in another tab.',
      kind: 'info',
      action: user ? undefined : { label: 'Sign in again', run: () => window.location.reload() },
    });
  });
}

async function boot(): Promise<void> {
  const name = new URLSearchParams(window.location.search).get('user') ?? undefined;
  const account = name ? STACK.demoAccounts[name] : undefined;
  try {
    const user = await signIn(client.auth, account);
    showUser(user);
    await setViewer(user);
    app.setAccount('signed-in');
    followAccount(user);
    // The box is usable without the suggestions: they come in when the welcome call answers.
    void welcome();
    await app.open(sessionFromUrl());
  } catch (error) {
    app.setAccount('signed-out');
    view.notice({ text: `Could not sign in. ${errorWords(error).text}`, kind: 'error' });
  } finally {
    // For people and tests alike: the page has done what it does on load.
    document.body.dataset.ready = 'true';
  }
}

void boot();
