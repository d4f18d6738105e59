/** Response contract of the public region list. */
import { Type } from 'typebox';

export const WorldRegionsResponse = Type.Array(
  Type.Object({ country: Type.String(), name: Type.String() }),
  { description: 'Regions of every country (the 50 states for the United States)' },
);
