import sharp from 'sharp';
import t from 'tap';
import { createNudityClassifier, type NudityClassifier, type NudityScores } from './nudity-classifier.ts';
import { EXPLICIT_MIN_SCORE, explicitScore, isExplicit, readsExplicit } from './nudity-rule.ts';
import { decodeRaw } from './raw-image.ts';
import { fixture, sideBySide } from './test-photos.ts';

// One classifier for the file: the model loads once (about a second).
const classifier = createNudityClassifier();

const sum = (scores: NudityScores) => Object.values(scores).reduce((total, value) => total + value, 0);

t.test('ordinary photos are far from the explicit bar, read either way', async (t) => {
  // No explicit test image is available (nor wanted) here: what can be shown is that ordinary
  // photos, people included, sit well below the bar. Measured values: docs/vision.md.
  const photos: Record<string, Buffer> = {
    'a portrait': fixture('astronaut.jpg'),
    'a man with a camera (grayscale)': fixture('camera.png'),
    'a cat': fixture('chelsea.jpg'),
    coffee: fixture('coffee.jpg'),
    coins: fixture('coins.png'),
    'a rocket launch': fixture('rocket.jpg'),
    'two people side by side': await sideBySide([fixture('astronaut.jpg'), fixture('camera.png')]),
  };
  for (const [what, photo] of Object.entries(photos)) {
    for (const mirrored of [false, true]) {
      const scores = await classifier.classify(photo, { mirrored });
      const view = mirrored ? 'mirrored' : 'as it is';
      t.ok(Math.abs(sum(scores) - 1) < 0.01, `${what}, ${view}: five probabilities adding up to 1`);
      t.ok(
        explicitScore(scores) < EXPLICIT_MIN_SCORE / 4,
        `${what}, ${view}: porn + hentai ${explicitScore(scores).toFixed(3)}, under a quarter of the bar`,
      );
    }
    t.notOk(await readsExplicit(classifier, photo), `${what}: not refused`);
  }
});

t.test('the portrait reads as neutral; pixels read like the file, the mirrored reading like the mirrored photo', async (t) => {
  const file = await classifier.classify(fixture('astronaut.jpg'));
  t.ok(file.neutral > 0.9, `neutral ${file.neutral.toFixed(3)}`);
  const pixels = await classifier.classify(await decodeRaw(fixture('astronaut.jpg'), 1024));
  for (const name of Object.keys(file) as Array<keyof NudityScores>) t.ok(Math.abs(file[name] - pixels[name]) < 0.05, name);
  const mirrored = await classifier.classify(fixture('astronaut.jpg'), { mirrored: true });
  const flopped = await classifier.classify(await sharp(fixture('astronaut.jpg')).flop().png().toBuffer());
  for (const name of Object.keys(file) as Array<keyof NudityScores>)
    t.ok(Math.abs(mirrored[name] - flopped[name]) < 0.05, `mirrored ${name}`);
});

const scores = (overrides: Partial<NudityScores>): NudityScores => {
  const given = { drawing: 0, hentai: 0, porn: 0, sexy: 0, ...overrides };
  return { ...given, neutral: Math.max(0, 1 - given.drawing - given.hentai - given.porn - given.sexy) };
};

t.test('the rule: explicit when Porn and Hentai together reach the bar in both readings', async (t) => {
  const both = (overrides: Partial<NudityScores>) => isExplicit(scores(overrides), scores(overrides));
  t.ok(both({ porn: 0.92 }));
  t.ok(both({ porn: 0.3, hentai: 0.25 }), 'split between the two explicit classes');
  t.ok(both({ hentai: 0.5 }), 'the bar itself refuses');
  t.notOk(both({ porn: 0.49 }), 'just under the bar');
  t.notOk(isExplicit(scores({ porn: 0.92 }), scores({ porn: 0.37 })), 'one reading alone is not enough (measured on a motorcycle)');
  t.ok(isExplicit(scores({ porn: 0.55 }), scores({ porn: 0.8, hentai: 0.1 })), 'both readings over the bar');
  t.notOk(both({ sexy: 0.95, porn: 0.04 }), 'revealing alone is never refused');
  t.notOk(both({ neutral: 1 }));
});

t.test('the mirror is read only when the photo itself reaches the bar', async (t) => {
  const given = (original: NudityScores, mirrored: NudityScores) => {
    const calls: boolean[] = [];
    const classifier: NudityClassifier = {
      classify: async (_image, options = {}) => {
        calls.push(Boolean(options.mirrored));
        return options.mirrored ? mirrored : original;
      },
    };
    return { classifier, calls };
  };
  const photo = fixture('astronaut.jpg');
  const ordinary = given(scores({ porn: 0.1 }), scores({ porn: 0.9 }));
  t.notOk(await readsExplicit(ordinary.classifier, photo));
  t.same(ordinary.calls, [false], 'one reading');
  const noisy = given(scores({ porn: 0.92 }), scores({ porn: 0.37 }));
  t.notOk(await readsExplicit(noisy.classifier, photo), 'the mirror disagrees');
  t.same(noisy.calls, [false, true], 'two readings');
  const explicit = given(scores({ porn: 0.8 }), scores({ porn: 0.75 }));
  t.ok(await readsExplicit(explicit.classifier, photo));
});
