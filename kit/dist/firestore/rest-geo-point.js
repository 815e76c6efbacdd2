/**
 * Whether `value` is a geo point of some Firestore client (the SDK's `GeoPoint`, a
 * {@link RestGeoPoint}), recognised by its shape without loading the SDK. A plain object is
 * never one: `{ latitude, longitude }` is a map, as the SDK writes it.
 */
export function isGeoPointLike(value) {
    const point = value;
    return (typeof point.latitude === 'number' && typeof point.longitude === 'number' && typeof point.isEqual === 'function');
}
/** Why (`latitude`, `longitude`) is no point, or undefined when it is one: the SDK's bounds. */
export function geoPointProblem(latitude, longitude) {
    if (!(latitude >= -90 && latitude <= 90))
        return 'a geo point whose latitude is outside [-90, 90]';
    if (!(longitude >= -180 && longitude <= 180))
        return 'a geo point whose longitude is outside [-180, 180]';
    return undefined;
}
/** A geo point read over REST (or made to be written), with the SDK's `GeoPoint`'s public shape. */
export class RestGeoPoint {
    latitude;
    longitude;
    constructor(latitude, longitude) {
        const problem = geoPointProblem(latitude, longitude);
        if (problem)
            throw new TypeError(`RestGeoPoint: ${problem}`);
        this.latitude = latitude;
        this.longitude = longitude;
    }
    /** The same point, whichever client's object `other` is. */
    isEqual(other) {
        return this.latitude === other.latitude && this.longitude === other.longitude;
    }
}
//# sourceMappingURL=rest-geo-point.js.map