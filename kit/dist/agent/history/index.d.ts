export { type ClosingReason, closeTrailingRequests } from './close-trailing-requests.js';
export { closeUnansweredMessage, NO_ANSWER_PURPOSE } from './close-unanswered-message.js';
export { renderTranscript, type SummariseOptions, summariseHistory } from './summarise-history.js';
export { summaryCut } from './summary-cut.js';
