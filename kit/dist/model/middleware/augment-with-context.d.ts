import type { Document } from '../message.js';
import type { ModelMiddleware } from '../model.js';
/** The key a document is cited by: its `ref`, else its `id`, else its position. */
export declare function citationKey(doc: Document, index: number): string;
/** Renders documents as a list the model can cite by key. */
export declare function renderDocuments(docs: readonly Document[]): string;
/** For models that don't read `request.docs`: the documents go into the last user message. */
export declare function augmentWithContext(): ModelMiddleware;
