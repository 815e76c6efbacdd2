import type { ApprovalCard } from './approval-card.js';
import { type AssistantCall, newRequestId } from './call-assistant.js';
import type { ChatView } from './chat-view.js';
import { errorWords } from './error-words.js';
import type { StoredSession } from './history.js';
import { transcriptOf } from './transcript.js';
import type { UnansweredStart } from './unanswered-start.js';
import type { CallRequest, CallResult, Resume, WireChunk, WireInterrupt } from './wire.js';

/** What the app runs on. */
export interface AppDeps {
  call: AssistantCall;
  readSession(id: string): Promise<StoredSession>;
  /** The caller's newest session of this agent, if any. */
  latestSessionId(): Promise<string | undefined>;
  /** Marks a new conversation whose session id the page has not heard yet. */
  unansweredStart: UnansweredStart;
  /** The session the page shows (kept in the URL, so a reload restores it). */
  sessionInUrl(id: string | undefined): void;
  /** Called with true while a call runs (the composer is disabled meanwhile). */
  onBusy(busy: boolean): void;
}

/**
 * The order assistant's client: sends messages and answers to approvals, streams what comes
 * back onto the view, and restores a stored conversation.
 */
export class ChatApp {
  private sessionId: string | undefined;
  private busy = false;
  private view!: ChatView;

  constructor(private readonly deps: AppDeps) {}

  /** The view this app draws on (it is made with this app's approval actions). */
  attach(view: ChatView): void {
    this.view = view;
  }

  /** Sends a new user message. */
  async send(text: string): Promise<void> {
    if (this.busy || !text.trim()) return;
    this.view.user(text);
    const request: CallRequest = { message: text, requestId: newRequestId() };
    if (this.sessionId) request.sessionId = this.sessionId;
    await this.run(request).catch((error: unknown) => this.failed(error));
  }

  /** Approves an interrupt: the tool runs again, now approved (resume `restart`). */
  approve(interrupt: WireInterrupt, card: ApprovalCard): void {
    void this.answer(card, { restart: [{ ref: interrupt.ref, name: interrupt.name }] }, 'approved');
  }

  /** Denies an interrupt: the tool's call is answered with `output` and never runs (resume `respond`). */
  deny(interrupt: WireInterrupt, output: Record<string, unknown>, card: ApprovalCard): void {
    const reason = typeof output.reason === 'string' ? output.reason : undefined;
    void this.answer(card, { respond: [{ ref: interrupt.ref, name: interrupt.name, output }] }, 'denied', reason);
  }

  /**
   * Shows what the page had: the session in its URL; or, when a new conversation was started
   * here and its answer never arrived (a reload, a lost connection), the newest session.
   */
  async open(urlSessionId: string | undefined): Promise<void> {
    if (urlSessionId) return this.restore(urlSessionId);
    if (!this.deps.unansweredStart.isSet()) return;
    this.deps.unansweredStart.clear();
    const id = await this.deps.latestSessionId().catch(() => undefined);
    if (!id) return;
    this.deps.sessionInUrl(id);
    await this.restore(id);
  }

  /** Shows the stored conversation `id` (after a reload, or a shared link). */
  async restore(id: string): Promise<void> {
    this.view.clear();
    this.sessionId = id;
    try {
      const session = await this.deps.readSession(id);
      this.view.render(transcriptOf(session.history, session.status));
      if (session.status === 'running') {
        this.view.notice({
          text: 'The assistant is still working on the last request here.',
          kind: 'info',
          action: { label: 'Refresh', run: () => void this.restore(id) },
        });
      }
    } catch (error) {
      // The conversation can't be shown: the next message starts a new one.
      this.sessionId = undefined;
      this.view.notice({ text: errorWords(error).text, kind: 'error' });
    }
  }

  /** Starts over: an empty page; the next message opens a new session. */
  reset(): void {
    if (this.busy) return;
    this.sessionId = undefined;
    this.deps.sessionInUrl(undefined);
    this.deps.unansweredStart.clear();
    this.view.clear();
  }

  private async answer(card: ApprovalCard, resume: Resume, state: 'approved' | 'denied', note?: string): Promise<void> {
    if (this.busy || !this.sessionId) return;
    card.setState('working');
    try {
      await this.run({ sessionId: this.sessionId, resume, requestId: newRequestId() });
      card.setState(state, note);
    } catch (error) {
      const words = errorWords(error);
      if (!words.uncertain) card.setState(words.expired ? 'expired' : 'pending');
      await this.failed(error);
    }
  }

  /** Tells the person what went wrong; when the call may have run after all, shows what is stored. */
  private async failed(error: unknown): Promise<void> {
    const words = errorWords(error);
    if (words.expired) return;
    // A refusal started nothing; after a lost answer a new session may exist: keep looking for it.
    if (!words.retry) this.deps.unansweredStart.clear();
    if (words.uncertain && this.sessionId) {
      await this.restore(this.sessionId);
      this.view.notice({ text: `${words.text} This is where the conversation stands now.`, kind: 'error' });
    } else if (words.uncertain) {
      const action = { label: 'Check again', run: () => void this.open(undefined) };
      this.view.notice({ text: words.text, kind: 'error', action });
    } else {
      this.view.notice({ text: words.text, kind: 'error' });
    }
  }

  private async run(request: CallRequest): Promise<CallResult> {
    this.setBusy(true);
    this.view.notice(undefined);
    let streamedText = false;
    if (!request.sessionId) this.deps.unansweredStart.set();
    try {
      const result = await this.deps.call(request, (chunk) => {
        streamedText ||= chunk.type === 'text' && chunk.text.length > 0;
        this.show(chunk);
      });
      this.deps.unansweredStart.clear();
      if (result.sessionId !== this.sessionId) {
        this.sessionId = result.sessionId;
        this.deps.sessionInUrl(result.sessionId);
      }
      // A retried request is answered from the stored result, with nothing streamed.
      if (!streamedText && result.text) this.view.assistantText(result.text);
      for (const interrupt of result.interrupts) {
        if (!this.view.hasApproval(interrupt.ref)) this.view.approval(interrupt, 'pending');
      }
      return result;
    } finally {
      this.setBusy(false);
    }
  }

  private show(chunk: WireChunk): void {
    if (chunk.type === 'text') this.view.assistantText(chunk.text);
    else if (chunk.type === 'toolRequest') this.view.toolStarted(chunk.ref ?? chunk.name, chunk.name, chunk.input);
    else if (chunk.type === 'toolResponse') this.view.toolFinished(chunk.ref, chunk.name, chunk.output);
    else if (chunk.type === 'interrupt') {
      const { type: _type, ...interrupt } = chunk;
      this.view.approval(interrupt, 'pending');
    }
    // Reasoning is the model's own business: the person sees its words and its tool calls.
  }

  private setBusy(busy: boolean): void {
    this.busy = busy;
    this.view.setBusy(busy);
    this.deps.onBusy(busy);
  }
}
