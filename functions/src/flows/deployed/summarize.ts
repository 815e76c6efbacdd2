import { flowModel } from '../flow-model.js';
import { defineSummarize } from '../summarize/summarize.js';
import { scriptedSummary } from '../summarize/summarize-script.js';

/** The deployed summarizer. */
export const summarize = defineSummarize(flowModel('summarize', scriptedSummary));
