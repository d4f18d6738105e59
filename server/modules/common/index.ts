/** Schemas shared by every module's routes, so openapi.yaml names them once. */
export * from './catalogue.schemas.ts';
export * from './schemas.ts';
