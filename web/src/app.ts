import {
  type CallOptions,
  type FlowChunk,
  type FlowError,
  type FlowResult,
  isFlowError,
  isQueued,
  newRequestId,
  newSessionId,
  type SendResult,
  showBranch,
  type WireInterrupt,
} from '@callable-flows/client';
import type { WaitingOne } from './approval-alert.js';
import type { ApprovalCard } from './approval-card.js';
import { approvalCopy } from './approval-copy.js';
import type { Assistant, AssistantInterrupt, AssistantTypes } from './assistant.js';
import { branchControls, versionsAt } from './branch-controls.js';
import type { BranchActions } from './branch-decorations.js';
import type { BranchPicks } from './branch-pick.js';
import type { ChatView } from './chat-view.js';
import type { ComposerMode } from './composer.js';
import type { Confirmation } from './confirm-dialog.js';
import { type ErrorWords, errorWords } from './error-words.js';
import { turnLapsed, untilLapsed } from './lapsed-turn.js';
import { LiveDrawing } from './live-drawing.js';
import { withLiveWords } from './live-words.js';
import type { MessageBubble } from './message-bubble.js';
import { queuedToShow } from './queued-messages.js';
import type { StopState } from './stop-button.js';
import { STOPPED_WORDS, stoppedTurn } from './stopped-turn.js';
import { type TranscriptEntry, transcriptOf } from './transcript.js';
import type { UnsentStore } from './unsent-message.js';
import { type LiveObserver, type LiveSession, liveSessionOf } from './watch-session.js';

/** What the app runs on. */
export interface AppDeps {
  /** The typed client of the assistant function: it speaks the wire protocol and retries a busy or unreachable function. */
  assistant: Assistant;
  /** Follows session `id` live (watch-session.ts); returns the unsubscribe. */
  watchSession(id: string, observer: LiveObserver): () => void;
  /** The tab's message that was not sent (it comes back after a reload). */
  unsent: UnsentStore;
  /** The session the page shows (kept in the URL, so a reload restores it). */
  sessionInUrl(id: string | undefined): void;
  /** What the message box can do now (it is disabled, with a hint, unless `ready`). */
  onComposer(mode: ComposerMode): void;
  /** Where the Stop button stands (shown while a turn runs on the session on the page). */
  onStop(state: StopState): void;
  /**
   * True when the assistant queues a message sent while a turn runs (`whileBusy: 'queue'` on the
   * server): the message box stays usable during a turn, and such a message shows as queued.
   */
  queues: boolean;
  /** Puts a message back in the message box (the person takes an unsent one back to edit). */
  editText(text: string): void;
  /** Asks the person to confirm; resolves to true when they go ahead. */
  confirm(ask: Confirmation): Promise<boolean>;
  /** The approvals that wait on the session on the page, as its stored state says (none when it shows none). */
  onWaiting?(waiting: WaitingOne[]): void;
  /** The version of each conversation the person picked (a reload shows the one they read). */
  branches: BranchPicks;
}

/** The approvals `session` waits on, with their cards' titles. */
function waitingOf(session: LiveSession): WaitingOne[] {
  return transcriptOf(session).flatMap((entry) =>
    entry.kind === 'approval' && entry.state === 'waiting'
      ? [
          {
            ref: entry.ref,
            title: approvalCopy(entry.name, entry.metadata).title,
            ...(entry.approvers === undefined ? {} : { approvers: entry.approvers }),
          },
        ]
      : [],
  );
}

/** How long a failed first message waits to learn whether its session exists (the server took it). */
const FOLLOW_WAIT_MS = 5_000;

/** Where `session` stands, as far as an error about a call is concerned: a change means its turn went on. */
function sessionMark(session: LiveSession): string {
  const { messages, interrupts, results, status, running } = session;
  return [messages.length, interrupts.length, results.length, status, running ?? ''].join('|');
}

/** True while `session`'s turn runs on a server: by the session's word, its lease not lapsed. */
const runsLive = (session: LiveSession): boolean => session.running !== undefined && !turnLapsed(session, Date.now());

/** Where the signed-in account stands (main.ts tells the app). */
export type AccountState = 'signing-in' | 'signed-in' | 'signed-out';

// A refusal that means the stored conversation moved on elsewhere (another tab answered or asked).
const STALE = new Set([
  'INTERRUPT_PENDING',
  'ALREADY_ANSWERED',
  'NOTHING_TO_RESUME',
  'APPROVAL_STALE',
  'APPROVAL_SUPERSEDED',
]);
const isStale = (error: unknown): boolean => isFlowError(error) && STALE.has(error.reason ?? '');
/** A call whose turn a `stop` ended (from this tab or another): what finished is stored, the session is free. */
const isStopped = (error: unknown): error is FlowError => isFlowError(error) && error.reason === 'STOPPED';

/** One call of the typed client, streaming through `options.onChunk`. */
type Call = (options: CallOptions<AssistantTypes>) => Promise<SendResult<AssistantTypes>>;

/**
 * The order assistant's client: sends messages and answers to approvals, streams what comes
 * back onto the view, and restores a stored conversation.
 */
export class ChatApp {
  private sessionId: string | undefined;
  /**
   * This tab's call in flight, on the session it was made for; undefined when none runs, or once
   * the page left that session (the call goes on, drawn by the watch when the page comes back).
   */
  private call: { sessionId: string } | undefined;
  /** Messages queued during a new conversation's first turn wait until the page follows it. */
  private readonly onFollowed: (() => void)[] = [];
  /** Where the session stood when a call's error was shown: the error goes once the session moves on. */
  private errorMark: string | undefined;
  /** True while the notice says a call failed offline: it goes when the browser is back online. */
  private offlineNotice = false;
  private restoring = false;
  private account: AccountState = 'signing-in';
  private view!: ChatView;
  /** Stops following the session on the page. */
  private stopWatch: (() => void) | undefined;
  /** The newest state of the session on the page, and which states get drawn. */
  private live: LiveSession | undefined;
  private readonly drawing = new LiveDrawing();
  /** Redraws the session on the page when its running turn's lease would lapse with nothing renewing it. */
  private lapseTimer: ReturnType<typeof setTimeout> | undefined;
  /** The session whose turn this tab asked to stop, until that turn has ended. */
  private stopping: string | undefined;
  /** Names this tab in the session's record of who stopped a turn (`outcome.stoppedBy.clientId`). */
  private readonly tabId = newRequestId();
  /**
   * This tab's messages on their way to be queued (by request id), until the session on the page
   * shows where each went (`handedOver`: the server answered; the watch may not have shown it yet).
   */
  private readonly sending = new Map<string, { sessionId: string; text: string; handedOver?: boolean }>();

  constructor(private readonly deps: AppDeps) {}

  /** The view this app draws on (it is made with this app's approval actions). */
  attach(view: ChatView): void {
    this.view = view;
  }

  /** Tells the app where the account stands (the message box waits for a signed-in user). */
  setAccount(account: AccountState): void {
    this.account = account;
    this.updateComposer();
  }

  /** True while this tab's call runs on the session on the page. */
  private get busy(): boolean {
    return this.call !== undefined;
  }

  /** Sends a new user message. */
  async send(text: string): Promise<void> {
    if (!text.trim()) return;
    this.showNewest();
    if (this.canQueue()) return this.enqueue(text, this.sessionId as string);
    if (this.busy) return;
    // A message that was not sent stays as it is, with its Retry: this one goes to the same conversation.
    const bubble = this.view.user(text, 'pending');
    await this.deliver(text, newRequestId(), bubble);
  }

  /** Approves an interrupt: the tool runs again, now approved (resume `restart`). */
  approve(interrupt: WireInterrupt, card: ApprovalCard): void {
    void this.answer(interrupt, card, 'approved', undefined, (waiting, call) =>
      this.deps.assistant.approve(waiting, call),
    );
  }

  /** Answers a server's own question with its form, filled in (resume `respond`): the call runs again with it. */
  respond(interrupt: WireInterrupt, card: ApprovalCard, output: Record<string, unknown>): void {
    void this.answer(interrupt, card, 'approved', undefined, (waiting, call) =>
      this.deps.assistant.answer(waiting, output, call),
    );
  }

  /** Declines an interrupt: the tool never runs; the model hears the person declined, and why (resume `decline`). */
  decline(interrupt: WireInterrupt, reason: string | undefined, card: ApprovalCard): void {
    void this.answer(interrupt, card, 'declined', reason, (waiting, call) =>
      this.deps.assistant.decline(waiting, reason, call),
    );
  }

  /** The last version `shownOf` laid out: of which state, for which pick. */
  private shownCache: { session: LiveSession; picked: string; shown: LiveSession } | undefined;

  /** What the branch controls on the page do (Edit, the version switchers, Regenerate). */
  private readonly branchActions: BranchActions = {
    edit: (index, text) => void this.branchCall(index, text),
    regenerate: () => void this.branchCall(),
    show: (branch, index, from) => this.showVersion(branch, index, from),
  };

  /**
   * `session` as the page shows it: the version the person picked (`showBranch`), while no turn
   * runs on it; the newest otherwise (and when the session has no such branch).
   */
  private shownOf(session: LiveSession): LiveSession {
    const picked = this.deps.branches.of(session.id);
    if (picked === undefined || picked === session.view.head || this.busy || runsLive(session)) return session;
    // Laid out once per state and pick: the page asks on every drawing and every composer update.
    const cached = this.shownCache;
    if (cached?.session === session && cached.picked === picked) return cached.shown;
    let shown = session;
    try {
      // What waits and what the session took are the session's, whichever version is read.
      const branch = liveSessionOf(showBranch(session.view, picked));
      shown = { ...branch, queued: session.queued, requestIds: session.requestIds };
    } catch {
      // The session has no such branch (any more): the newest.
    }
    this.shownCache = { session, picked, shown };
    return shown;
  }

  /** True while the page shows an earlier version of its conversation than the newest. */
  private showsOlder(): boolean {
    return this.live !== undefined && this.shownOf(this.live) !== this.live;
  }

  /** Shows the newest version of the conversation again (a message sent goes on from it). */
  private showNewest(): void {
    const live = this.live;
    if (!live || this.deps.branches.of(live.id) === undefined) return;
    this.deps.branches.set(live.id, undefined);
    this.draw(live);
  }

  /** Shows version `branch` of message `index` (the switcher's `from` button keeps the focus), and says which. */
  private showVersion(branch: string, index: number, from: 'previous' | 'next'): void {
    const live = this.live;
    if (!live || live.id !== this.sessionId || this.turnRuns()) return;
    this.deps.branches.set(live.id, branch === live.view.head ? undefined : branch);
    this.draw(live);
    this.view.focusVersions(index, from);
    const versions = versionsAt(this.shownOf(live).view, index);
    if (versions) this.view.announce(`Version ${versions.shown + 1} of ${versions.branches.length}`);
  }

  /** Puts on the page what the person can do with the versions of `shown` (drawn as `entries`): nothing while a turn runs. */
  private showBranchControls(shown: LiveSession, entries: readonly TranscriptEntry[]): void {
    const live = this.live;
    const runs = this.busy || !live || runsLive(live);
    const controls = runs ? undefined : branchControls(shown.view, entries, shown.status === 'idle');
    this.view.branchControls(controls, this.branchActions);
  }

  /**
   * Edits message `index` of the version shown to `text` (`editMessage`), or, without them, asks
   * for its last answer again (`regenerate`): the session goes on from before that message as a
   * new version, which the page shows. The conversation up to there stays on the page while the
   * new version streams under it.
   */
  private async branchCall(index?: number, text?: string): Promise<void> {
    const live = this.live;
    if (!live || live.id !== this.sessionId || this.turnRuns()) return;
    const shown = this.shownOf(live);
    const { view, id: sessionId } = shown;
    const at = index ?? view.messages.findLastIndex((message) => message.role === 'user');
    const entries = transcriptOf(shown);
    const asked = entries.findIndex((entry) => entry.kind === 'user' && entry.index === at);
    if (asked < 0) return;
    const kept = entries.slice(0, text === undefined ? asked + 1 : asked);
    this.deps.branches.set(sessionId, undefined);
    this.view.render(kept);
    this.view.stampTimes(kept);
    const bubble = text === undefined ? undefined : this.view.user(text, 'pending');
    const call: Call = (options) =>
      text === undefined
        ? this.deps.assistant.regenerate(view, options)
        : this.deps.assistant.editMessage(view, at, text, options);
    try {
      const result = await this.run(sessionId, call, () => bubble?.setState('sent'));
      if (this.sessionId !== sessionId || isQueued(result)) return;
      bubble?.setState('sent');
      this.catchUp(result);
    } catch (error) {
      if (this.sessionId !== sessionId) return;
      if (isStopped(error)) return this.stopped(error);
      // Nothing new is stored unless the session shows it: the page shows the session as it is.
      this.drawing.reset();
      if (this.live) this.draw(this.live);
      this.view.notice({ text: errorWords(error).text, kind: 'error' });
    }
  }

  /**
   * Stops the turn that runs on the session on the page, whichever tab or device started it (the
   * typed client's `stop`). The session's watch shows the turn end; the transcript then shows
   * what the journal kept, and that the turn was stopped.
   */
  async stop(): Promise<void> {
    // A new conversation's id is the page's own from its first message on: its first turn is stopped as any.
    const id = this.sessionId;
    if (this.stopping !== undefined || !this.turnRuns() || id === undefined) return;
    this.stopping = id;
    this.updateComposer();
    try {
      await this.deps.assistant.stop(id, { clientId: this.tabId });
    } catch (error) {
      this.stopping = undefined;
      // The first message's call has not created its session yet (it is on its way): a session
      // that does not exist is refused as another user's is, and this page never saw it live.
      if (isFlowError(error) && error.reason === 'NOT_OWNER' && this.live?.id !== id) {
        this.view.notice({
          text: 'The conversation is still being created: try Stop again in a moment.',
          kind: 'info',
        });
        return;
      }
      const words = errorWords(error);
      this.view.notice({ text: words.text, kind: words.reason === 'NOTHING_TO_STOP' ? 'info' : 'error' });
    } finally {
      this.updateComposer();
    }
  }

  /** True when a message sent now waits for the running turn (the assistant queues, and one runs here). */
  private canQueue(): boolean {
    // The same in a new conversation's first turn as later: its message waits until the session is heard.
    return this.deps.queues && this.sessionId !== undefined && this.turnRuns();
  }

  /** Resolves once the page follows its session, or this tab's call has ended. */
  private untilFollowed(): Promise<void> {
    if (this.following() || !this.busy) return Promise.resolve();
    return new Promise((resolve) => this.onFollowed.push(resolve));
  }

  private followed(): void {
    for (const resolve of this.onFollowed.splice(0)) resolve();
  }

  /**
   * Sends `text` while a turn runs on session `sessionId`: the server queues it behind that turn
   * and runs it next; every tab shows it queued (the watch), then as the conversation's next message.
   */
  private async enqueue(text: string, sessionId: string): Promise<void> {
    const requestId = newRequestId();
    this.sending.set(requestId, { sessionId, text });
    this.showQueued();
    try {
      // A new conversation's session exists once its first turn is heard: the message is queued then.
      await this.untilFollowed();
      // `queued`, or, when the turn ended meanwhile, the result of its own turn (the watch draws both).
      await this.deps.assistant.send(text, { sessionId, requestId });
      // It stays shown until the watch shows it queued or in the conversation: the answer of its
      // call can come before the session's snapshot that holds it, and it must never vanish between.
      this.sending.set(requestId, { sessionId, text, handedOver: true });
    } catch (error) {
      this.sending.delete(requestId);
      this.notQueued(error, text, requestId);
    } finally {
      this.showQueued();
    }
  }

  /**
   * A message that was to wait for the running turn and did not get there: it stays on the page as
   * "Not sent" with Retry (the same request id: one the server queued after all is not queued twice).
   */
  private notQueued(error: unknown, text: string, requestId: string): void {
    const words = errorWords(error, navigator.onLine);
    this.offerAgain(this.view.user(text), text, requestId, words.retry || words.uncertain);
    this.tell(words, `Your message was not queued. ${words.text}`);
  }

  /** Shows an error notice in `text` (the words of `words`): it goes once its cause does (the session moves on, the browser is back online). */
  private tell(words: ErrorWords, text = words.text): void {
    this.view.notice({ text, kind: 'error' });
    this.offlineNotice = words.offline === true;
    if (this.live) this.errorMark = sessionMark(this.live);
  }

  /** The browser is online again: a notice that said it was offline is over. */
  backOnline(): void {
    if (!this.offlineNotice) return;
    this.offlineNotice = false;
    this.view.notice(undefined);
  }

  /** Shows the messages waiting for the running turn: the session's queue, and this tab's on their way. */
  private showQueued(): void {
    const live = this.live?.id === this.sessionId ? this.live : undefined;
    // While this tab's call runs its stream draws the page, not the session: a message the session
    // took shows in the conversation once the session is drawn, and stays in the queue until then.
    const taken = new Set(this.busy ? [] : (live?.requestIds ?? []));
    const mine = new Map<string, string>();
    for (const [requestId, item] of this.sending) {
      if (item.handedOver && (taken.has(requestId) || item.sessionId !== this.sessionId))
        this.sending.delete(requestId);
      else if (item.sessionId === this.sessionId) mine.set(requestId, item.text);
    }
    this.view.queued(queuedToShow(live?.queued ?? [], mine), (requestId) => void this.withdraw(requestId));
  }

  /**
   * Takes back a queued message of the session on the page: it leaves every tab's queue (the
   * watch); one whose turn began meanwhile stays in the conversation, and the words say why.
   */
  private async withdraw(requestId: string): Promise<void> {
    const sessionId = this.sessionId;
    if (!sessionId) return;
    try {
      await this.deps.assistant.withdraw(sessionId, requestId);
      this.view.notice({ text: 'Your message was taken back.', kind: 'info' });
    } catch (error) {
      this.view.notice({ text: errorWords(error).text, kind: 'error' });
      // Its button comes back if the message still waits (the store was unreachable).
      this.view.redrawQueued();
      this.showQueued();
    }
  }

  /** True while the page follows its session (a new conversation's, once its first turn is heard). */
  private following(): boolean {
    return this.stopWatch !== undefined;
  }

  /** True while a turn runs on the session on the page: this tab's call, or one its watch sees. */
  private turnRuns(): boolean {
    return this.busy || (this.live !== undefined && this.live.id === this.sessionId && runsLive(this.live));
  }

  /**
   * Redraws the session on the page once its running turn's lease would lapse, if no write of its
   * server renews it first (a renewal is a new state, which arms this again): a turn whose server
   * went away then reads as such, on every tab, with no write to tell them.
   */
  private armLapse(session: LiveSession): void {
    clearTimeout(this.lapseTimer);
    const wait = untilLapsed(session, Date.now());
    if (wait === undefined) return;
    this.lapseTimer = setTimeout(() => {
      if (this.live !== session || this.busy) return;
      this.drawing.reset();
      this.draw(session);
    }, wait);
  }

  /**
   * This tab's call was stopped (here or from another tab): its message got there, and what the
   * journal kept is what the page shows, the streamed words of the unfinished step giving way to it.
   */
  private stopped(error: FlowError, requestId?: string): void {
    if (requestId !== undefined) this.deps.unsent.remove(requestId);
    const id = error.sessionId;
    // A new conversation stopped before the page followed it (its first chunk never came) is followed now.
    if (id !== undefined && (id !== this.sessionId || !this.following())) {
      this.unwatch();
      this.sessionId = id;
      this.deps.sessionInUrl(id);
      this.follow(id).catch(() => undefined);
    } else {
      this.drawing.reset();
      const live = this.live;
      if (live && !live.running && live.id === this.sessionId) this.draw(live);
    }
    this.view.announce(STOPPED_WORDS);
    this.updateComposer();
  }

  /**
   * Shows what the page had: the session in its URL (a new conversation's is there from its first
   * message on, so a reload during its first turn finds it); a first message that never got there
   * is shown as not sent, under the id the page made for it.
   */
  async open(urlSessionId: string | undefined): Promise<void> {
    if (urlSessionId) await this.restore(urlSessionId);
    // A followed session shows its unsent message with every drawing; one that does not exist yet, here.
    if (!this.following()) this.showUnsent();
  }

  /** Brings back this conversation's messages that were not sent (unless one got there after all: its turn is stored). */
  private showUnsent(): void {
    const turns = new Set(this.live !== undefined && this.live.id === this.sessionId ? this.live.requestIds : []);
    for (const unsent of this.deps.unsent.of(this.sessionId)) {
      if (turns.has(unsent.requestId)) {
        this.deps.unsent.remove(unsent.requestId);
        continue;
      }
      // A message this tab is sending again is shown by its own bubble.
      if (this.view.hasUnsent(unsent.requestId)) continue;
      const bubble = this.view.user(unsent.text);
      this.offerAgain(bubble, unsent.text, unsent.requestId, true);
    }
    this.updateComposer();
  }

  /**
   * Opens another of the person's conversations (from the conversation list), during a turn too:
   * this tab's call goes on on the server, and its conversation shows it when the page comes back.
   */
  async openConversation(id: string): Promise<void> {
    if (id === this.sessionId) return;
    this.deps.sessionInUrl(id);
    await this.restore(id);
  }

  /** Shows the conversation of the history entry the person moved to (Back, Forward): none is the empty page. */
  async showFromHistory(id: string | undefined): Promise<void> {
    if (id === this.sessionId) return;
    if (id === undefined) this.reset();
    else await this.restore(id);
  }

  /** The session the page shows, if any. */
  currentSession(): string | undefined {
    return this.sessionId;
  }

  /**
   * Shows the stored conversation `id` (after a reload, or a shared link) and follows it live:
   * a turn that runs (here, in another tab, before a reload) shows as it goes.
   */
  async restore(id: string): Promise<void> {
    this.leaveCall(id);
    this.unwatch();
    this.view.clear();
    this.sessionId = id;
    this.restoring = true;
    this.view.loading(true);
    this.updateComposer();
    try {
      await this.follow(id);
    } catch (error) {
      this.unwatch();
      // A new conversation whose first message never got there: it stays, to be sent again under its id.
      if (this.deps.unsent.of(id).length > 0) return this.showUnsent();
      // The conversation can't be shown: the next message starts a new one.
      this.sessionId = undefined;
      this.view.notice({ text: errorWords(error).text, kind: 'error' });
    } finally {
      this.restoring = false;
      this.view.loading(false);
      this.updateComposer();
    }
  }

  /** Follows session `id` live; resolves once its first state is drawn, rejects when it can't be read. */
  private follow(id: string): Promise<void> {
    return new Promise((resolve, reject) => {
      let first = true;
      this.stopWatch = this.deps.watchSession(id, {
        next: (session) => {
          if (id !== this.sessionId) return;
          this.live = session;
          this.onLive(session);
          this.followed();
          if (first) resolve();
          first = false;
        },
        error: (error) => {
          if (first) {
            // Nothing is followed: a session that does not exist yet is followed once its turn is heard.
            if (id === this.sessionId) this.stopWatch = undefined;
            reject(error);
          } else if (id === this.sessionId) this.view.notice({ text: errorWords(error).text, kind: 'error' });
          first = false;
        },
      });
    });
  }

  /** The page leaves the session of this tab's call: the call goes on, the page no longer draws it. */
  private leaveCall(next: string | undefined): void {
    if (this.call === undefined || this.call.sessionId === next) return;
    this.call = undefined;
    this.followed();
    this.view.setBusy(false);
  }

  /** Stops following the session on the page (the page leaves it). */
  private unwatch(): void {
    clearTimeout(this.lapseTimer);
    this.stopWatch?.();
    this.stopWatch = undefined;
    this.live = undefined;
    this.deps.onWaiting?.([]);
    this.drawing.reset();
  }

  /**
   * A new state of the session on the page. While this tab's own call runs, its stream draws the
   * turn's words and calls; the session only adds what the stream can't tell: the turn's step,
   * and a decision as soon as its tool's result is stored. Otherwise the page is the session.
   */
  private onLive(session: LiveSession): void {
    // An error about a call goes once the session shows the turn went on (an approval came, it ended).
    if (this.errorMark !== undefined && this.errorMark !== sessionMark(session)) {
      this.errorMark = undefined;
      this.offlineNotice = false;
      this.view.notice(undefined);
    }
    // From the stored session, on this tab's own turn too: what waits is what was committed.
    this.deps.onWaiting?.(waitingOf(session));
    this.showQueued();
    // The artifacts of the version shown (the client's view gives each branch its own).
    this.view.artifacts(this.shownOf(session).artifacts ?? []);
    this.armLapse(session);
    if (!this.busy) this.draw(session);
    else {
      this.view.progress(session.running);
      const entries = transcriptOf(session);
      for (const entry of entries) {
        if (entry.kind === 'approval' && entry.state !== 'waiting' && 'output' in entry) this.view.decided(entry);
      }
      // What this tab's stream drew gets its times as the session stores them (the person's message first).
      this.view.stampTimes(entries);
    }
    // Who a waiting call is addressed to is the session's record (a streamed card learns it here).
    this.view.addressed(transcriptOf(session));
    this.updateComposer();
  }

  /** Draws `session` (when it changed since the last drawing), the running turn's step, and its unsent message. */
  private draw(session: LiveSession): void {
    const shown = this.shownOf(session);
    const entries = withLiveWords(transcriptOf(shown), shown.live);
    const runs = runsLive(session);
    if (this.drawing.shouldDraw(entries, session.running, session.status)) {
      const lapsed = session.running !== undefined && !runs;
      this.view.render(entries, runs, stoppedTurn(shown.outcome), lapsed);
      this.showUnsent();
    }
    this.view.stampTimes(entries);
    this.view.artifacts(shown.artifacts ?? []);
    this.showBranchControls(shown, entries);
    this.view.setBusy(runs);
    this.view.progress(runs ? session.running : undefined);
    this.updateComposer();
  }

  /** After this tab's call (`result`): its stream drew the turn; the session's settled state is taken as drawn. */
  private catchUp(result: FlowResult<AssistantTypes>): void {
    this.drawing.streamed(this.view.userMessages().length, result.interrupts.length > 0 ? 'interrupted' : 'idle');
    const live = this.live;
    if (live && !live.running && live.id === this.sessionId) this.draw(live);
    // A card streamed after the session's last state came learns from that state who it waits for.
    if (live && live.id === this.sessionId) this.view.addressed(transcriptOf(live));
  }

  /** Starts over, after asking when an approval still waits here (it would go unanswered). */
  async startOver(): Promise<void> {
    const [waiting] = this.view.pendingApprovals();
    if (waiting) {
      const go = await this.deps.confirm({
        title: 'Start a new conversation?',
        text: `“${waiting.copy.title}” is still waiting for your answer. If you start over, nothing is done about it, and it expires.`,
        confirm: 'Start over',
        cancel: 'Keep this conversation',
      });
      if (!go) {
        waiting.focus();
        return;
      }
    }
    this.reset();
  }

  /** An empty page; the next message opens a new session. */
  reset(): void {
    // Only the messages of the conversation left go: another conversation's unsent ones stay with it.
    for (const unsent of this.deps.unsent.of(this.sessionId)) this.deps.unsent.remove(unsent.requestId);
    this.unwatch();
    this.sessionId = undefined;
    this.leaveCall(undefined);
    this.deps.sessionInUrl(undefined);
    this.view.clear();
    this.updateComposer();
  }

  /**
   * Sends `text` to session `sessionId`: the page's, or for a first message a new one under an id
   * made here, in the URL at once, so a reload, another tab and Stop find it during its first turn.
   */
  private async deliver(
    text: string,
    requestId: string,
    bubble: MessageBubble,
    sessionId = this.sessionId ?? newSessionId(),
  ): Promise<void> {
    bubble.setState('pending');
    bubble.element.dataset.request = requestId;
    if (sessionId !== this.sessionId) {
      this.sessionId = sessionId;
      this.deps.sessionInUrl(sessionId);
    }
    try {
      const result = await this.run(
        sessionId,
        (call) => this.deps.assistant.send(text, { ...call, sessionId, requestId }),
        () => bubble.setState('sent'),
      );
      this.deps.unsent.remove(requestId);
      // The page left the conversation meanwhile: it shows the turn when the person comes back.
      if (this.sessionId !== sessionId) return;
      // A turn started elsewhere just before: the message waits in the queue, which the watch shows.
      if (isQueued(result)) return bubble.element.remove();
      bubble.setState('sent');
      this.catchUp(result);
    } catch (error) {
      if (this.sessionId !== sessionId) {
        // Kept with its conversation, as not sent unless that conversation shows its turn when the person comes back.
        if (!isStopped(error)) this.deps.unsent.save({ sessionId, text, requestId });
        return;
      }
      if (isStopped(error)) {
        bubble.setState('sent');
        this.stopped(error, requestId);
      } else await this.unsent(error, text, requestId, bubble, sessionId);
    }
  }

  /**
   * A message that did not get through: it stays on the page as "Not sent", its text kept, with
   * Retry (the same request id, so a call that ran after all is answered from its stored result,
   * never run twice) when trying again can help, and Edit.
   */
  private async unsent(
    error: unknown,
    text: string,
    requestId: string,
    bubble: MessageBubble,
    sessionId: string,
  ): Promise<void> {
    const words = errorWords(error, navigator.onLine);
    const stale = isStale(error);
    let shown = bubble;
    // A new conversation's id was made here: its session exists if the server took its first message.
    if (!stale && !this.following()) await this.followIfThere(sessionId);
    // The request id tells whether the server took the message: the session shows its turn (running, or ended).
    if (!stale && this.live?.id === sessionId && this.live.requestIds.includes(requestId)) {
      return this.taken(error, text, requestId, sessionId);
    }
    if ((words.uncertain || stale) && this.following()) {
      await this.failed(error, stale);
      // The stored conversation is on the page now: a later turn may hide the request id, the last message not.
      if (this.view.userMessages().at(-1) === text && !stale) return;
      shown = this.view.user(text);
    } else {
      await this.failed(error);
    }
    const retryFrom = words.retryAfterMs === undefined ? undefined : Date.now() + words.retryAfterMs;
    this.offerAgain(shown, text, requestId, (words.retry || words.uncertain) && !stale, retryFrom);
  }

  /** Follows session `id` if it exists (a short wait: offline, Firestore would wait for the server). */
  private async followIfThere(id: string): Promise<void> {
    if (!navigator.onLine) return;
    await Promise.race([
      this.follow(id).catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, FOLLOW_WAIT_MS)),
    ]);
  }

  /**
   * A call whose message the server took but whose answer did not come (the connection dropped,
   * the model failed): the page shows the stored conversation, the message in it, and the error
   * with Try again when it can help (the same request id: a turn still open goes on from its journal).
   */
  private taken(error: unknown, text: string, requestId: string, sessionId: string): void {
    const words = errorWords(error);
    this.deps.unsent.remove(requestId);
    this.drawing.reset();
    const live = this.live;
    if (live) this.draw(live);
    // Its turn ended as turns end (answered, or waiting for an approval): the page shows it all, no error to tell.
    const outcome = live?.running === undefined ? live?.outcome : undefined;
    if (outcome?.requestId === requestId && outcome.kind !== 'failed') return;
    // While its turn still runs on the server, the watch shows it go on: nothing to ask again.
    const again = (words.retry || words.uncertain) && !(live && runsLive(live));
    this.view.notice({
      text: words.text,
      kind: 'error',
      action: again ? { label: 'Try again', run: () => void this.again(text, requestId, sessionId) } : undefined,
    });
    if (this.live) this.errorMark = sessionMark(this.live);
  }

  /** Asks again for the answer of a message the server took (the same request id). */
  private async again(text: string, requestId: string, sessionId: string): Promise<void> {
    if (this.busy || this.sessionId !== sessionId) return;
    try {
      const result = await this.run(sessionId, (call) =>
        this.deps.assistant.send(text, { ...call, sessionId, requestId }),
      );
      if (this.sessionId === sessionId && !isQueued(result)) this.catchUp(result);
    } catch (error) {
      if (this.sessionId !== sessionId) return;
      if (isStopped(error)) return this.stopped(error, requestId);
      this.taken(error, text, requestId, sessionId);
    }
  }

  /**
   * Marks `bubble` "Not sent", with Retry (when it can help; disabled until `retryFrom` when the
   * server asked to wait) and Edit, and keeps it for a reload.
   */
  private offerAgain(
    bubble: MessageBubble,
    text: string,
    requestId: string,
    canRetry: boolean,
    retryFrom?: number,
  ): void {
    const sessionId = this.sessionId;
    this.deps.unsent.save({ sessionId: sessionId ?? null, text, requestId });
    bubble.element.dataset.request = requestId;
    bubble.setState('failed', {
      // Again to the same session, with the same request id: a call that got there is never run twice.
      retry: canRetry ? () => void this.retry(text, requestId, bubble, sessionId) : undefined,
      retryFrom,
      edit: () => {
        bubble.element.remove();
        this.deps.unsent.remove(requestId);
        this.deps.editText(text);
      },
    });
  }

  private async retry(text: string, requestId: string, bubble: MessageBubble, sessionId?: string): Promise<void> {
    if (this.busy) return;
    await this.deliver(text, requestId, bubble, sessionId);
  }

  /** Answers `interrupt` of the session on the page with `act` (each answer gets its own request id). */
  private async answer(
    interrupt: WireInterrupt,
    card: ApprovalCard,
    state: 'approved' | 'declined',
    reason: string | undefined,
    act: (waiting: AssistantInterrupt, call: CallOptions<AssistantTypes>) => Promise<FlowResult<AssistantTypes>>,
  ) {
    if (this.busy || !this.sessionId) return;
    const sessionId = this.sessionId;
    // A card knows its interrupt's ref, not its session (a restored one never heard it): the page's.
    const waiting: AssistantInterrupt = { ...interrupt, sessionId };
    card.setState('working', reason);
    try {
      const result = await this.run(sessionId, (call) => act(waiting, call));
      // The page left the conversation meanwhile: it shows the answer when the person comes back.
      if (this.sessionId !== sessionId) return;
      card.setState(state, reason);
      if (!isQueued(result)) this.catchUp(result);
    } catch (error) {
      if (this.sessionId !== sessionId) return;
      if (isStopped(error)) return this.stopped(error);
      const words = errorWords(error);
      // A call a deploy changed can't be answered any more: its card stops waiting, so the person can
      // send the message that closes it (the server tells the model it was not run).
      if (!words.uncertain) card.setState(words.expired ? 'expired' : words.notRun ? 'not-run' : 'waiting');
      await this.failed(error, isStale(error));
    } finally {
      this.updateComposer();
    }
  }

  /**
   * Tells the person what went wrong; when the call may have run after all (or the conversation
   * moved on elsewhere), shows what is stored.
   */
  private async failed(error: unknown, stale = false): Promise<void> {
    const words = errorWords(error, navigator.onLine);
    if (words.offline) return this.tell(words);
    if (words.expired) {
      this.view.notice({ text: words.text, kind: 'error' });
      return;
    }
    const followed = this.following() ? this.sessionId : undefined;
    if ((words.uncertain || stale) && followed) {
      await this.restore(followed);
      this.view.notice({ text: `${words.text} This is where the conversation stands now.`, kind: 'error' });
      if (this.live?.id === followed) this.errorMark = sessionMark(this.live);
    } else {
      // A first message that may have run is offered again as it was (Retry, the same request id
      // and the session id the page made for it), so a retry finds the conversation it started.
      const { countdown, retryAfterMs } = words;
      this.view.notice({
        text: words.text,
        kind: 'error',
        countdown:
          countdown && retryAfterMs !== undefined ? { until: Date.now() + retryAfterMs, words: countdown } : undefined,
      });
    }
  }

  /** Runs `call` for session `sessionId`, drawing its stream while the page shows that session. */
  private async run(sessionId: string, call: Call, onFirstChunk?: () => void): Promise<SendResult<AssistantTypes>> {
    const mine = { sessionId };
    this.call = mine;
    this.setBusy(true);
    this.view.notice(undefined);
    this.errorMark = undefined;
    this.offlineNotice = false;
    // The stream draws this call onto what the page shows: a dead turn's line goes, as the call closes that turn.
    this.view.lapseOver();
    this.view.branchControls(undefined, this.branchActions);
    this.view.working(true);
    let streamedText = false;
    let heard = false;
    try {
      const result = await call({
        onChunk: (chunk) => {
          if (this.call !== mine) return;
          if (!heard) {
            onFirstChunk?.();
            // A new conversation exists once its turn is heard: the page follows it from then on.
            if (!this.following() && this.sessionId) this.follow(this.sessionId).catch(() => undefined);
          }
          heard = true;
          streamedText ||= chunk.type === 'text' && chunk.text.length > 0;
          this.show(chunk);
        },
      });
      if (isQueued(result) || this.call !== mine) return result;
      if (result.sessionId !== this.sessionId || !this.following()) {
        this.unwatch();
        this.sessionId = result.sessionId;
        this.deps.sessionInUrl(result.sessionId);
        // The new conversation is followed from now on (its first state redraws what streamed).
        this.follow(result.sessionId).catch(() => undefined);
      }
      // A retried request is answered from the stored result, with nothing streamed.
      if (!streamedText && result.text) this.view.assistantText(result.text);
      for (const interrupt of result.interrupts) {
        if (!this.view.hasApproval(interrupt.ref)) this.view.approval(interrupt, 'waiting');
      }
      // An approved call whose tool threw streamed its error as its output: the result says it failed.
      for (const call of result.failed ?? []) this.view.toolFinished(call.ref, call.name, { error: call.error }, true);
      return result;
    } finally {
      if (this.call === mine) {
        this.call = undefined;
        this.setBusy(false);
      }
      this.followed();
    }
  }

  private show(chunk: FlowChunk<AssistantTypes>): void {
    if (chunk.type === 'text') this.view.assistantText(chunk.text);
    else if (chunk.type === 'toolRequest') this.view.toolStarted(chunk.ref ?? chunk.name, chunk.name, chunk.input);
    else if (chunk.type === 'toolResponse') this.view.toolFinished(chunk.ref, chunk.name, chunk.output);
    else if (chunk.type === 'interrupt') {
      const { type: _type, sessionId: _sessionId, ...interrupt } = chunk;
      this.view.approval(interrupt, 'waiting');
    }
    // Reasoning is the model's own business: the person sees its words and its tool calls.
  }

  private setBusy(busy: boolean): void {
    this.view.setBusy(busy);
    this.updateComposer();
  }

  private updateComposer(): void {
    let mode: ComposerMode;
    if (this.account !== 'signed-in') mode = this.account;
    else if (this.restoring) mode = 'loading';
    else if (this.turnRuns()) mode = this.canQueue() ? 'queue' : this.busy ? 'busy' : 'running';
    else if (this.view.pendingApprovals().length > 0) mode = 'approval';
    else mode = this.showsOlder() ? 'older' : 'ready';
    this.deps.onComposer(mode);
    const runs = this.account === 'signed-in' && this.turnRuns();
    if (!runs) this.stopping = undefined;
    this.deps.onStop(!runs ? 'hidden' : this.stopping !== undefined ? 'stopping' : 'ready');
  }
}
