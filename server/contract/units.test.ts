import t from 'tap';
import {
  cmToFeetAndInches,
  cmToInches,
  feetAndInchesToCm,
  formatDistance,
  formatHeight,
  inchesToCm,
  kgToLbs,
  kgToWholeLbs,
  kmToMiles,
  lbsToKg,
  lbsToWholeKg,
  milesToKm,
  poundsOf,
} from './units.ts';

t.test('exact conversions use the spec factors', async (t) => {
  t.equal(inchesToCm(10), 25.4);
  t.equal(cmToInches(254), 100);
  t.equal(kgToLbs(100), 220.462);
  t.ok(Math.abs(lbsToKg(220.462) - 100) < 1e-9);
  t.equal(milesToKm(100), 160.934);
  t.ok(Math.abs(kmToMiles(160.934) - 100) < 1e-9);
});

t.test('form helpers round to whole numbers', async (t) => {
  t.same(cmToFeetAndInches(170), { feet: 5, inches: 7 });
  t.same(cmToFeetAndInches(183), { feet: 6, inches: 0 });
  t.equal(feetAndInchesToCm(5, 7), 170);
  t.equal(lbsToWholeKg(150), 68);
  t.equal(kgToWholeLbs(68), 150);
});

t.test('display formats', async (t) => {
  t.equal(formatDistance(10), '10 mi (16 km) away');
  t.equal(formatDistance(0), '0 mi (0 km) away');
  t.equal(formatDistance(12.4), '12 mi (20 km) away');
  t.equal(formatHeight(67), `5' 7"`);
  t.equal(formatHeight(72), `6' 0"`);
  t.equal(formatHeight(66.9), `5' 7"`);
  t.equal(formatHeight(cmToInches(170)), `5' 7"`);
});

t.test("a member's own pounds come back as typed, every whole pound from 66 to 661", async (t) => {
  const changed: number[] = [];
  for (let lb = 66; lb <= 661; lb += 1) if (poundsOf(lbsToWholeKg(lb), lb) !== lb) changed.push(lb);
  t.same(changed, [], 'typed pounds -> stored kg -> shown pounds is the identity');
  t.equal(kgToWholeLbs(lbsToWholeKg(135)), 134, 'through kilograms alone 135 lb would come back as 134');
  t.equal(poundsOf(61, 135), 135);
  t.equal(poundsOf(61, 134), 134, 'both round to 61 kg: each is kept as typed');
  t.equal(poundsOf(70, 135), 154, 'pounds that no longer describe the kilograms are not shown');
  t.equal(poundsOf(61, null), 134, 'weighed in kilograms: converted');
  t.equal(poundsOf(61, 135.5), 134, 'only whole pounds are kept');
});
