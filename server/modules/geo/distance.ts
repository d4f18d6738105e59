/**
 * Distance between two members as shown to them: great-circle miles between the city-level
 * coordinates, rounded to whole miles and never below 1, so a distance reveals no more than
 * the city both profiles already show and cannot be used to trilaterate anyone.
 */

export const EARTH_RADIUS_MILES = 3958.8;
export const MIN_SHOWN_MILES = 1;

export interface Coordinates {
  latitude: number | null;
  longitude: number | null;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** A point on the unit sphere, as stored in profiles.location_x/y/z for nearest-first search. */
export function unitVector(latitude: number, longitude: number): [number, number, number] {
  const [lat, lng] = [radians(latitude), radians(longitude)];
  return [Math.cos(lat) * Math.cos(lng), Math.cos(lat) * Math.sin(lng), Math.sin(lat)];
}

/** Haversine distance in miles (unrounded). */
export function haversineMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whole miles, at least 1 (two members in the same city are "1 mi" apart, never "0"). */
export function roundShownMiles(miles: number): number {
  return Math.max(MIN_SHOWN_MILES, Math.round(miles));
}

/** The distance a viewer sees, or null when either side has no location. */
export function shownDistance(viewer: Coordinates, other: Coordinates): number | null {
  if (viewer.latitude === null || viewer.longitude === null || other.latitude === null || other.longitude === null) {
    return null;
  }
  return roundShownMiles(
    haversineMiles({ latitude: viewer.latitude, longitude: viewer.longitude }, { latitude: other.latitude, longitude: other.longitude }),
  );
}
