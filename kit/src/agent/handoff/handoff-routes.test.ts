import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../../models/scripted/index.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import type { Agent } from '../agent.js';
import { defineAgent } from '../define-agent.js';
import type { AgentRuntime, WhileBusy } from '../runtime/index.js';
import { runtimeOf } from './agent-runtimes.js';
import { handoffRoutes } from './handoff-routes.js';
import { handoffTo } from './handoff-to.js';

const model = scriptedModel(() => 'x');
const rtOf = (agent: Agent<WhileBusy>): AgentRuntime => runtimeOf(agent) as AgentRuntime;

describe('handoffRoutes', () => {
  it('reaches every agent one hand-off after another, back to the first, and gives them the first one’s cache', () => {
    const store = new InMemorySessionStore();
    let first: Agent<WhileBusy> | undefined;
    const third = defineAgent({
      name: 'third',
      model,
      store,
      tools: [handoffTo(() => first as Agent<WhileBusy>, { name: 'back' })],
    });
    const second = defineAgent({ name: 'second', model, store, tools: [handoffTo(third)] });
    first = defineAgent({ name: 'first', model, store, tools: [handoffTo(second)] });
    const routes = handoffRoutes(rtOf(first));
    expect([...routes.keys()].sort()).toEqual(['first', 'second', 'third']);
    expect(routes.get('third')?.store).toBe(rtOf(first).store);
  });

  it('refuses two agents of one name, and an agent handed to whose sessions are in another store', () => {
    const store = new InMemorySessionStore();
    const twin = defineAgent({ name: 'front', model, store });
    const front = defineAgent({ name: 'front', model, store, tools: [handoffTo(twin, { name: 'to_twin' })] });
    expect(() => handoffRoutes(rtOf(front))).toThrow(/two agents named 'front'/);
    const away = defineAgent({ name: 'away', model, store: new InMemorySessionStore() });
    const here = defineAgent({ name: 'here', model, store, tools: [handoffTo(away)] });
    expect(() => handoffRoutes(rtOf(here))).toThrow(/another store/);
  });
});
