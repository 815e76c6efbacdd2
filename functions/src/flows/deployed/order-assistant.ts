import { flowHistory } from '../flow-history.js';
import { flowModel } from '../flow-model.js';
import { defineOrderAssistant } from '../orders/order-assistant.js';
import { nextOrderMove } from '../orders/order-script.js';
import { playScript } from '../scripted-play.js';
import { turnFirestore } from '../turn-firestore.js';
import { deployedContinuation } from './continuation.js';
import { orderWhileBusyValue } from './order-while-busy.js';
import { deployedSessionStore } from './session-store.js';

/** The deployed order assistant. */
export const orderAssistant = defineOrderAssistant({
  model: flowModel('orderAssistant', playScript(nextOrderMove)),
  store: deployedSessionStore,
  // Its tools read and write orders by path (no query): on the turns' client, so a tool turn
  // loads no firebase-admin (docs/benchmarks.md, the cold turn).
  db: turnFirestore,
  continuation: deployedContinuation,
  history: flowHistory('orderAssistant'),
  whileBusy: orderWhileBusyValue(),
});
