import type { Usage } from '../model/index.js';
/** Adds `more` into `total`, counter by counter (and model by model in `byModel`). */
export declare function addUsage(total: Usage, more: Usage | undefined): Usage;
