import { adminFirestore } from '../admin-firestore.js';
import { flowHistory } from '../flow-history.js';
import { flowModel } from '../flow-model.js';
import { defineOrderAssistant } from '../orders/order-assistant.js';
import { nextOrderMove } from '../orders/order-script.js';
import { playScript } from '../scripted-play.js';
import { deployedContinuation } from './continuation.js';
import { orderWhileBusyValue } from './order-while-busy.js';
import { deployedSessionStore } from './session-store.js';

/** The deployed order assistant. */
export const orderAssistant = defineOrderAssistant({
  model: flowModel('orderAssistant', playScript(nextOrderMove)),
  store: deployedSessionStore,
  db: adminFirestore,
  continuation: deployedContinuation,
  history: flowHistory('orderAssistant'),
  whileBusy: orderWhileBusyValue(),
});
