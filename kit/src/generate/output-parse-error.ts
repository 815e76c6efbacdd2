import { KitError } from '../errors/index.js';

/** The model's final text could not be read as the requested output; `rawText` keeps what it said. */
export class OutputParseError extends KitError {
  readonly rawText: string;

  constructor(message: string, rawText: string, details?: Record<string, unknown>) {
    super('internal', message, details === undefined ? {} : { details });
    this.name = 'OutputParseError';
    this.rawText = rawText;
  }
}
