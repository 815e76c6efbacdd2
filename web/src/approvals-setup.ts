import { watchApprovals } from '@callable-flows/client';
import type { User } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { ApprovalsView } from './approvals-view.js';
import { type Viewer, waitsForWords } from './approver-role.js';
import type { Assistant } from './assistant.js';
import { errorWords } from './error-words.js';
import type { DemoAccount } from './stack-config.js';

/** Who `user` is, with their ID token's claims (a custom claim such as `manager` is in them). */
export async function viewerOf(user: User): Promise<Viewer> {
  const { claims } = await user.getIdTokenResult();
  return { uid: user.uid, claims };
}

/** The names the app knows by uid: the demo accounts' emails. */
function namesOf(accounts: Record<string, DemoAccount>): Map<string, string> {
  return new Map(Object.values(accounts).flatMap((a) => (a.uid ? [[a.uid, a.email] as const] : [])));
}

/** Where the Approvals view goes and what it runs on. */
export interface ApprovalsSetup {
  db: Firestore;
  assistant: Assistant;
  /** The agent's inbox collection. */
  approvals: string;
  /** The custom claim of the agent's approvers: its holders get the view. */
  approverClaim: string;
  accounts: Record<string, DemoAccount>;
  /** The header's buttons (the view's button goes first) and the chat's parts (hidden while it shows). */
  header: HTMLElement;
  chat: readonly HTMLElement[];
}

/**
 * The Approvals view for `viewer` when they hold the agent's approver claim (a manager), started;
 * undefined for anyone else, who gets no view (the rules would refuse them the inbox anyway).
 */
export function approvalsFor(viewer: Viewer, setup: ApprovalsSetup): ApprovalsView | undefined {
  const claim = setup.approverClaim;
  if (viewer.claims[claim] !== true) return undefined;
  const [scroller] = setup.chat;
  if (!scroller) return undefined;
  const view = new ApprovalsView(
    {
      watch: (observer) => watchApprovals(setup.db, { claim }, observer, { collection: setup.approvals }),
      answer: async (approval, decision) => {
        await setup.assistant.answerApproval(approval, decision);
      },
      names: namesOf(setup.accounts),
      errorText: (error) => errorWords(error).text,
      chat: setup.chat,
      waitsFor: waitsForWords({ uids: [], claim }),
    },
    setup.header,
    scroller,
  );
  view.start();
  return view;
}
