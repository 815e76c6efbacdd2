import { splitFieldPath } from './rest-field-path.js';
import { RestTimestamp } from './rest-timestamp.js';
import { decodeFields, decodeValue } from './rest-value.js';
/**
 * A document read over REST, shaped as the SDK's `DocumentSnapshot`. As there, its values are
 * decoded on each `data()` and `get()`: what a caller changes in one answer is not in the next.
 */
export class RestSnapshot {
    exists;
    updateTime;
    id;
    fields;
    decoding;
    /** `decoding` makes the documents its references read as: the reading client's (as the SDK). */
    constructor(id, found, decoding) {
        this.id = id;
        this.exists = found !== undefined;
        this.updateTime = found?.updateTime ? new RestTimestamp(found.updateTime) : undefined;
        this.fields = found ? (found.fields ?? {}) : undefined;
        this.decoding = decoding;
    }
    data() {
        return this.fields && decodeFields(this.fields, this.decoding);
    }
    /** The value at a dotted field path, or undefined; throws, as the SDK, on a path that names no field. */
    get(field) {
        let fields = this.fields;
        let value;
        for (const segment of splitFieldPath(field)) {
            value = fields && Object.hasOwn(fields, segment) ? fields[segment] : undefined;
            if (!value)
                return undefined;
            fields = 'mapValue' in value ? (value.mapValue.fields ?? {}) : undefined;
        }
        return value && decodeValue(value, this.decoding);
    }
}
//# sourceMappingURL=rest-document.js.map