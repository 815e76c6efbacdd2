export {
  DEVICE_TOKEN_PATH,
  type DeviceToken,
  type DeviceTokenStore,
  type FirestoreDeviceTokensOptions,
  firestoreDeviceTokens,
} from './device-tokens.js';
export {
  type FirestorePushWindowOptions,
  firestorePushWindow,
} from './firestore-push-window.js';
export {
  type ApprovalWaitingHook,
  DEFAULT_NOTICE_CLAIM_MS,
  type NoticeOutcome,
  notifyWaiting,
} from './notify-waiting.js';
export {
  approvalMessage,
  defaultPushText,
  type PushMessaging,
  type PushNotifierOptions,
  type PushText,
  pushNotifier,
} from './push-notifier.js';
export {
  admitToWindow,
  memoryPushWindow,
  PUSH_WINDOW_MS,
  type PushAdmission,
  type PushWindow,
  type PushWindowRecord,
  retractFromWindow,
} from './push-window.js';
