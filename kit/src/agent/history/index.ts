export { type ClosingReason, closeTrailingRequests } from './close-trailing-requests.js';
export { closeUnansweredMessage } from './close-unanswered-message.js';
export { summariseHistory } from './summarise-history.js';
export { summaryCut } from './summary-cut.js';
