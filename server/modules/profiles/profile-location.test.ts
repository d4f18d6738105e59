/** Location through the API: validated names and derived coordinates (the dataset itself: server/modules/geo). */
import t from 'tap';
import { buildTestApp } from '../../test/app.ts';
import { signUp } from '../../test/factories.ts';
import { getMyProfile, patchProfile } from '../../test/profiles.ts';
import { LOCATION_MESSAGES } from '../geo/index.ts';

t.test('profile location', async (t) => {
  const { app } = await buildTestApp(t);
  const member = await signUp(app);

  t.test('the server derives coordinates from the city', async (t) => {
    const response = await patchProfile(app, member, { home_country: 'united states', home_state: 'TEXAS', home_city: 'austin' });
    t.equal(response.statusCode, 200, response.body);
    const body = response.json();
    t.same([body.home_country, body.home_state, body.home_city], ['United States', 'Texas', 'Austin']);
    t.ok(Math.abs(body.location_latitude - 30.267) < 0.01);
  });

  t.test('an invalid location is a 400 with field errors and saves nothing', async (t) => {
    const response = await patchProfile(app, member, { home_state: 'Ohio', home_city: 'Austin', gender: 'Man' });
    t.equal(response.statusCode, 400);
    t.same(response.json().errors, { home_city: [LOCATION_MESSAGES.unknownCityInState] });
    const body = (await getMyProfile(app, member)).json();
    t.same([body.home_state, body.home_city, body.gender], ['Texas', 'Austin', null]);
  });

  t.test('errors of the catalogue and of the dataset come together', async (t) => {
    const response = await patchProfile(app, member, { home_country: 'Atlantis', height: 20 });
    t.equal(response.statusCode, 400);
    t.same(Object.keys(response.json().errors).sort(), ['height', 'home_country']);
  });

  t.test('changing the state alone clears a city that is not in it and locates at the state', async (t) => {
    const body = (await patchProfile(app, member, { home_state: 'Ohio' })).json();
    t.same([body.home_state, body.home_city], ['Ohio', null]);
    t.ok(Math.abs(body.location_latitude - 40.417) < 0.01);
  });

  t.test('changing the country alone clears the state and city', async (t) => {
    const body = (await patchProfile(app, member, { home_country: 'Canada' })).json();
    t.same([body.home_country, body.home_state, body.home_city], ['Canada', null, null]);
    t.equal(body.location_latitude, 60);
  });

  t.test('a state outside the United States is refused', async (t) => {
    const response = await patchProfile(app, member, { home_state: 'Ontario' });
    t.equal(response.statusCode, 400);
    t.same(response.json().errors, { home_state: [LOCATION_MESSAGES.stateOnlyInUnitedStates] });
  });

  t.test('clearing the country clears everything, coordinates included', async (t) => {
    await patchProfile(app, member, { home_city: 'Toronto' });
    const body = (await patchProfile(app, member, { home_country: '', home_city: '' })).json();
    t.same(
      [body.home_country, body.home_state, body.home_city, body.location_latitude, body.location_longitude],
      [null, null, null, null, null],
    );
  });

  t.test('saving other fields leaves the location alone', async (t) => {
    await patchProfile(app, member, { home_country: 'Canada', home_city: 'Toronto' });
    const body = (await patchProfile(app, member, { gender: 'Man' })).json();
    t.same([body.home_country, body.home_city], ['Canada', 'Toronto']);
    t.ok(Math.abs(body.location_latitude - 43.7) < 0.01);
  });
});
