import { adminFirestore } from '../admin-firestore.js';
import { flowHistory } from '../flow-history.js';
import { flowModel } from '../flow-model.js';
import { playScript } from '../scripted-play.js';
import { defineTransferMoney } from '../transfer/transfer-money.js';
import { nextTransferMove } from '../transfer/transfer-script.js';
import { deployedContinuation } from './continuation.js';
import { deployedSessionStore } from './session-store.js';

/** The deployed transfer assistant. */
export const transferMoney = defineTransferMoney({
  model: flowModel('transferMoney', playScript(nextTransferMove)),
  store: deployedSessionStore,
  db: adminFirestore,
  continuation: deployedContinuation,
  history: flowHistory('transferMoney'),
});
