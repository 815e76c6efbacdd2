/** A point on Earth as a Firestore client holds one: the public shape of the SDK's `GeoPoint`. */
export interface GeoPointLike {
    readonly latitude: number;
    readonly longitude: number;
    isEqual(other: GeoPointLike): boolean;
}
/**
 * Whether `value` is a geo point of some Firestore client (the SDK's `GeoPoint`, a
 * {@link RestGeoPoint}), recognised by its shape without loading the SDK. A plain object is
 * never one: `{ latitude, longitude }` is a map, as the SDK writes it.
 */
export declare function isGeoPointLike(value: object): value is GeoPointLike;
/** Why (`latitude`, `longitude`) is no point, or undefined when it is one: the SDK's bounds. */
export declare function geoPointProblem(latitude: number, longitude: number): string | undefined;
/** A geo point read over REST (or made to be written), with the SDK's `GeoPoint`'s public shape. */
export declare class RestGeoPoint implements GeoPointLike {
    readonly latitude: number;
    readonly longitude: number;
    constructor(latitude: number, longitude: number);
    /** The same point, whichever client's object `other` is. */
    isEqual(other: GeoPointLike): boolean;
}
