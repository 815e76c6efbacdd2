/** A demo account of the emulator suite (emulator-data/demo-data.json). */
export interface DemoAccount {
  email: string;
  password: string;
  /** Its uid in the emulator's auth data (the Approvals view names who asks by it). */
  uid?: string;
}

import type { AgentSetting } from './agent-target.js';

/** Where the app finds the emulator suite: fixed at build time by vite.config.ts. */
export interface StackConfig {
  projectId: string;
  region: string;
  /** host:port of the functions emulator. */
  functionsHost: string;
  /** host:port of the auth emulator. */
  authHost: string;
  /** host:port of the Firestore emulator. */
  firestoreHost: string;
  /** The demo users, by name (`?user=alice` signs in as one; the default is anonymous). */
  demoAccounts: Record<string, DemoAccount>;
  /** The agent-kit instance the app talks to by default (`KIT_INSTANCE`, `KIT_COLLECTION_PREFIX`); empty: the order assistant. */
  agent: AgentSetting;
}

declare const __STACK__: StackConfig;

/** This build's stack. */
export const STACK: StackConfig = __STACK__;

/** Splits `host:port`. */
export function hostAndPort(address: string): { host: string; port: number } {
  const at = address.lastIndexOf(':');
  return { host: address.slice(0, at), port: Number(address.slice(at + 1)) };
}
