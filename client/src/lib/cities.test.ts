import t from 'tap';
import { citiesKey } from './cities.ts';

t.test('a search is asked only with a country and something typed', async (t) => {
  t.equal(citiesKey({ country: 'India', query: 'Bang' }), '/cities/?country=India&q=Bang');
  t.equal(
    citiesKey({ country: 'United States', state: 'New York', query: ' New York ' }),
    '/cities/?country=United+States&q=New+York&state=New+York',
    'trimmed, the state added',
  );
  t.equal(citiesKey({ country: '', query: 'Bang' }), null, 'no country yet');
  t.equal(citiesKey({ country: null, query: 'Bang' }), null);
  t.equal(citiesKey({ country: 'India', query: '   ' }), null, 'nothing typed');
  t.equal(citiesKey({ country: 'India', state: null, query: 'a&b=c' }), '/cities/?country=India&q=a%26b%3Dc', 'typed text is encoded');
});
