export { newlyWaiting, noticesEnded, tellWaiting } from './tell-waiting.js';
