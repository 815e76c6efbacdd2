import { GeoPoint } from '@google-cloud/firestore';
import { describe, expect, it } from 'vitest';
import { geoPointProblem, isGeoPointLike, RestGeoPoint } from './rest-geo-point.js';

describe('RestGeoPoint', () => {
  it('has the SDK GeoPoint’s public shape and equals a point with the same coordinates, whichever client made it', () => {
    const point = new RestGeoPoint(48.85, 2.35);
    expect([point.latitude, point.longitude]).toEqual([48.85, 2.35]);
    expect(point.isEqual(new GeoPoint(48.85, 2.35))).toBe(true);
    expect(point.isEqual(new RestGeoPoint(48.85, 2.36))).toBe(false);
  });

  it('refuses coordinates the SDK refuses', () => {
    expect(() => new RestGeoPoint(91, 0)).toThrow(TypeError);
    expect(() => new RestGeoPoint(0, -180.5)).toThrow(TypeError);
    expect(() => new RestGeoPoint(Number.NaN, 0)).toThrow(TypeError);
    expect(() => new GeoPoint(91, 0)).toThrow();
    expect(geoPointProblem(-90, 180)).toBeUndefined();
  });
});

describe('isGeoPointLike', () => {
  it('recognises the SDK’s GeoPoint and the REST one, and not a plain object (a map to the SDK)', () => {
    expect(isGeoPointLike(new GeoPoint(1, 2))).toBe(true);
    expect(isGeoPointLike(new RestGeoPoint(1, 2))).toBe(true);
    expect(isGeoPointLike({ latitude: 1, longitude: 2 })).toBe(false);
  });
});
