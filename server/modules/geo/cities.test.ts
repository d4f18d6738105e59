/** GET /api/v1/cities/ and the search behind it: suggestions a profile save then accepts. */
import t from 'tap';
import { buildTestApp } from '../../test/app.ts';
import { signUp } from '../../test/factories.ts';
import { patchProfile } from '../../test/profiles.ts';
import { searchCities } from './city-search.ts';
import { canonicalLocation } from './location-filter.ts';

t.test('city search', async (t) => {
  t.test("a US state's cities, best match first; an everyday name finds the dataset's", async (t) => {
    const newYork = await searchCities({ country: 'United States', state: 'New York', q: 'New York' });
    t.equal(newYork[0], 'New York City', "'New York' suggests New York City first");
    t.equal((await searchCities({ country: 'United States', state: 'Texas', q: 'aus' }))[0], 'Austin', 'a prefix finds it');
    t.equal((await searchCities({ country: 'united states', state: 'texas', q: 'AUSTIN' }))[0], 'Austin', 'case does not matter');
    t.same(await searchCities({ country: 'United States', q: 'Austin' }), [], 'no state, no US city (names repeat across states)');
    t.notOk(
      (await searchCities({ country: 'United States', state: 'Texas', q: 'Sacramento' })).includes('Sacramento'),
      'only the chosen state',
    );
  });

  t.test('outside the US: cities and regions of the country, accents ignored', async (t) => {
    const bangalore = await searchCities({ country: 'India', q: 'Bangalore' });
    t.equal(bangalore[0], 'Bengaluru', "'Bangalore' suggests Bengaluru first");
    t.ok(bangalore.includes('Bangalore Urban'));
    t.ok((await searchCities({ country: 'India', q: 'kera' })).includes('Kerala'), 'a region is offered too');
    t.equal((await searchCities({ country: 'Brazil', q: 'sao paulo' }))[0], 'São Paulo');
  });

  t.test('limits and nonsense', async (t) => {
    t.equal((await searchCities({ country: 'India', q: 'a', limit: 5 })).length, 5);
    t.equal((await searchCities({ country: 'India', q: 'a', limit: 500 })).length, 20, 'never more than 20');
    t.same(await searchCities({ country: 'Atlantis', q: 'a' }), [], 'unknown country');
    t.same(await searchCities({ country: 'India', q: '   ' }), [], 'blank query');
    t.same(await searchCities({ country: 'India', q: 'zzzzqqq' }), []);
  });
});

t.test('a city filter given an everyday name compares with the stored spelling', async (t) => {
  const filters = await canonicalLocation({
    maxAge: 100,
    maxDistance: 5000,
    homeCountry: 'united states',
    homeState: 'new york',
    homeCity: 'New York',
  });
  t.match(filters, { homeCountry: 'United States', homeState: 'New York', homeCity: 'New York City' });
  t.equal((await canonicalLocation({ maxAge: 100, maxDistance: 5000, homeCountry: 'India', homeCity: 'bangalore' })).homeCity, 'Bengaluru');
  t.equal(
    (await canonicalLocation({ maxAge: 100, maxDistance: 5000, homeCountry: 'India', homeCity: 'Nowhere Town' })).homeCity,
    'Nowhere Town',
    'unknown: kept as typed',
  );
});

t.test('GET /api/v1/cities/', async (t) => {
  const { app } = await buildTestApp(t);
  const member = await signUp(app);
  const get = (query: string, headers: Record<string, string> = member.auth) =>
    app.inject({ method: 'GET', url: `/api/v1/cities/?${query}`, headers });

  t.test('answers suggestions to a signed-in member', async (t) => {
    const response = await get('country=United%20States&state=New%20York&q=new%20yo');
    t.equal(response.statusCode, 200);
    const { cities } = response.json() as { cities: string[] };
    t.equal(cities[0], 'New York City');
    t.ok(cities.length <= 10, 'ten by default');
  });

  t.test('needs a session', async (t) => {
    const response = await get('country=India&q=ban', {});
    t.equal(response.statusCode, 401);
  });

  t.test('bad input is a 400 with words, never a 500', async (t) => {
    for (const query of [
      'q=ban',
      'country=India',
      'country=India&q=',
      `country=India&q=${'a'.repeat(101)}`,
      'country=India&q=a&limit=0',
      'country=India&q=a&limit=21',
      'country=India&q=a&limit=x',
      'country=India&q=a&extra=1',
    ]) {
      const response = await get(query);
      t.equal(response.statusCode, 400, query);
      t.type((response.json() as { error?: unknown }).error, 'string', `${query}: an error message`);
    }
  });

  t.test('a suggestion is what a save accepts: New York and Bangalore', async (t) => {
    const ny = await patchProfile(app, member, { home_country: 'United States', home_state: 'New York', home_city: 'New York' });
    t.equal(ny.statusCode, 200, ny.body);
    t.equal((ny.json() as { home_city: string }).home_city, 'New York City', 'the everyday name is stored in the dataset spelling');
    const india = await patchProfile(app, member, { home_country: 'India', home_state: null, home_city: 'bangalore' });
    t.equal(india.statusCode, 200, india.body);
    t.equal((india.json() as { home_city: string }).home_city, 'Bengaluru');
  });
});
