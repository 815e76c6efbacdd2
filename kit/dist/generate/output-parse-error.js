import { KitError } from '../errors/index.js';
/** The model's final text could not be read as the requested output; `rawText` keeps what it said. */
export class OutputParseError extends KitError {
    rawText;
    constructor(message, rawText, details) {
        super('internal', message, details === undefined ? {} : { details });
        this.name = 'OutputParseError';
        this.rawText = rawText;
    }
}
//# sourceMappingURL=output-parse-error.js.map