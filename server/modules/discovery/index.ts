/**
 * The discovery module's public entry. No other module needs discovery; what is offered is the
 * query building blocks the discovery benchmark (bench/discovery.bench.ts) times on its own.
 */
export { placeCountQuery, placePageQuery, type PlaceWalk } from './discovery.places.ts';
export { findViewer } from './discovery.queries.ts';
export { countCap, placeWalkOf } from './discovery.service.ts';
