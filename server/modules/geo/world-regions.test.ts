/** GET /world_country_region.json: the public region list both client forms choose places from. */
import t from 'tap';
import { buildTestApp } from '../../test/app.ts';
import { worldRegions } from './location.ts';
import { WORLD_REGIONS_CACHE_CONTROL } from './world-regions.routes.ts';

t.test('GET /world_country_region.json', async (t) => {
  const { app } = await buildTestApp(t);

  t.test('is public, a {country, name} array, with long-lived caching and an ETag', async (t) => {
    const response = await app.inject({ method: 'GET', url: '/world_country_region.json' });
    t.equal(response.statusCode, 200);
    t.match(response.headers['content-type'], /^application\/json/);
    t.equal(response.headers['cache-control'], WORLD_REGIONS_CACHE_CONTROL);
    t.ok(response.headers.etag);
    const body = response.json() as Array<{ country: string; name: string }>;
    t.ok(Array.isArray(body) && body.length > 4000);
    t.ok(body.some((r) => r.country === 'India' && r.name === 'Kerala'));
    t.equal(body.filter((r) => r.country === 'United States').length, 50);

    const again = await app.inject({
      method: 'GET',
      url: '/world_country_region.json',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    t.equal(again.statusCode, 304);
    t.equal(again.body, '');
  });

  t.test('is not under /api/v1', async (t) => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/world_country_region.json' });
    t.equal(response.statusCode, 404);
  });
});

t.test("the client's offline fallback lists are the served ones", async (t) => {
  // The client bundles a copy for when the list cannot load; a copy that drifts would offer
  // places no member can pick (or hide ones they can).
  const { COUNTRIES, US_STATES, countryOptions, stateOptions } = await import('../../../client/src/config/locations.ts');
  const regions = await worldRegions();
  t.same(COUNTRIES, countryOptions(regions));
  t.same(US_STATES, stateOptions(regions));
  t.equal(COUNTRIES[0], 'United States');
});
