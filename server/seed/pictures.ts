/**
 * A demo member's two to five pictures, as a person's photos differ: each in another place
 * (scenes.ts), framed close, at the waist or wide with the place around them, facing either way
 * and tilted a little, in other clothes and with another expression, with sunglasses at the beach
 * and a woolly hat in the snow. What stays is the person (member-look.ts): skin, hair, beard,
 * glasses, the hijab or the turban. The first picture is the profile's main photo: a clear,
 * smiling face in front of a quiet background.
 *
 * Drawn with DiceBear's "Avataaars" style (by Pablo Stanley, free for personal and commercial
 * use) set into the scene as a nested SVG, so one rasterisation per picture draws everything.
 * Deterministic for a username: the same member always gets the same pictures, in any order.
 */
import type { StyleOptions } from '@dicebear/core';
import type { avataaars } from '@dicebear/collection';
import type { MemberLook, Top } from './member-look.ts';
import { chance, hashOf, pickOne, type Random, randomSource, weighted } from './random.ts';
import { CANVAS, drawScene, SCENE_NAMES, SCENE_TRAITS, type SceneName } from './scenes.ts';

export const MIN_PICTURES = 2;
export const MAX_PICTURES = 5;

type Avataaars = avataaars.Options;
type Clothing = NonNullable<Avataaars['clothing']>[number];
type Eyes = NonNullable<Avataaars['eyes']>[number];
type Mouth = NonNullable<Avataaars['mouth']>[number];
type Eyebrows = NonNullable<Avataaars['eyebrows']>[number];
type Accessory = NonNullable<Avataaars['accessories']>[number];

export type Framing = 'close' | 'waist' | 'wide';

export interface Shot {
  scene: SceneName;
  framing: Framing;
  /** Facing the other way. */
  flip: boolean;
  /** Degrees, positive clockwise. */
  tilt: number;
  /** Where across the picture the member stands, -1 (left) to 1 (right). */
  across: number;
  eyes: Eyes;
  mouth: Mouth;
  eyebrows: Eyebrows;
  clothing: Clothing;
  clothesColour: string;
  accessory: Accessory | null;
  /** A hat over the hair (never over a hijab or a turban). */
  hat: Top | null;
  hatColour: string;
  /** Seeds the scene's own layout and colours. */
  sceneSeed: number;
}

/** How many pictures members show: mostly two to four (three on average), some all five. */
const COUNTS = [
  [2, 30],
  [3, 34],
  [4, 22],
  [5, 14],
] as const;
const CLOTHES_COLOURS = [
  '262e33',
  '65c9ff',
  '5199e4',
  '25557c',
  'e6e6e6',
  '929598',
  '3c4f5c',
  'b1e2ff',
  'a7ffc4',
  'ffafb9',
  'ffffb1',
  'ff488e',
  'ff5c5c',
  'ffffff',
];
const HAT_COLOURS = ['262e33', '25557c', 'ff5c5c', '929598', 'ffffb1', '3c4f5c', 'ff488e'];
const WINTER_HATS: Top[] = ['winterHat1', 'winterHat02', 'winterHat03', 'winterHat04'];
const FRIENDLY_EYES: Eyes[] = ['default', 'happy', 'side', 'squint', 'wink'];
const FRIENDLY_MOUTHS: Mouth[] = ['default', 'smile', 'twinkle'];
const NATURAL_BROWS: Eyebrows[] = ['default', 'defaultNatural', 'flatNatural', 'raisedExcitedNatural', 'upDownNatural'];

/** What one wears where: light tops in the sun, warm ones in the cold, the rest anywhere; no hoodies or slogans from forty. */
function clothingFor(random: Random, scene: SceneName, age: number): Clothing {
  const young = age < 40;
  if (scene === 'beach' || scene === 'sunset' || scene === 'garden')
    return pickOne(
      random,
      young ? ['shirtCrewNeck', 'shirtScoopNeck', 'shirtVNeck', 'graphicShirt'] : ['shirtCrewNeck', 'shirtScoopNeck', 'shirtVNeck'],
    );
  if (scene === 'snow' || scene === 'mountains')
    return pickOne(random, young ? ['hoodie', 'blazerAndSweater', 'collarAndSweater'] : ['blazerAndSweater', 'collarAndSweater']);
  return pickOne(
    random,
    young
      ? ['blazerAndShirt', 'collarAndSweater', 'graphicShirt', 'hoodie', 'shirtCrewNeck', 'shirtScoopNeck', 'shirtVNeck']
      : ['blazerAndShirt', 'blazerAndSweater', 'collarAndSweater', 'shirtCrewNeck', 'shirtVNeck'],
  );
}

/** Draws `count` different items of `options` (a partial shuffle). */
function distinct<T>(random: Random, options: readonly T[], count: number): T[] {
  const pool = [...options];
  for (let i = 0; i < count; i += 1) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count);
}

/** The member's shots: the number of pictures, then for each a place, a framing, a pose, clothes and a face. */
export function shotsFor(look: MemberLook): Shot[] {
  const random = randomSource(hashOf(`${look.seed}/pictures`));
  const count = weighted(random, COUNTS);
  const first = pickOne(
    random,
    SCENE_NAMES.filter((s) => SCENE_TRAITS[s].firstPhoto),
  );
  const scenes = [
    first,
    ...distinct(
      random,
      SCENE_NAMES.filter((s) => s !== first),
      count - 1,
    ),
  ];
  // The main photo close or at the waist; the second always another distance, so no two-picture member repeats one framing.
  const mainFraming: Framing = chance(random, 0.6) ? 'close' : 'waist';
  const rest = distinct(random, ['wide', 'waist', 'close', 'wide'] as const, 4);
  const other = rest.findIndex((framing) => framing !== mainFraming);
  [rest[0], rest[other]] = [rest[other], rest[0]];
  const framings: Framing[] = [mainFraming, ...rest];
  return scenes.map((scene, i) => {
    const traits = SCENE_TRAITS[scene];
    const sunglasses = chance(random, traits.sunglasses);
    const hat = !look.headCovering && chance(random, traits.winterHat) ? pickOne(random, WINTER_HATS) : null;
    const isMain = i === 0;
    return {
      scene,
      framing: framings[i],
      flip: chance(random, 0.5),
      tilt: isMain ? 0 : Math.round((random() * 2 - 1) * 7),
      across: framings[i] === 'wide' ? pickOne(random, [-1, 1]) * (0.55 + random() * 0.3) : (random() * 2 - 1) * 0.25,
      eyes: isMain ? pickOne(random, ['default', 'happy'] as const) : pickOne(random, FRIENDLY_EYES),
      mouth: isMain ? 'smile' : pickOne(random, FRIENDLY_MOUTHS),
      eyebrows: pickOne(random, NATURAL_BROWS),
      clothing: clothingFor(random, scene, look.age),
      clothesColour: pickOne(random, CLOTHES_COLOURS),
      accessory: sunglasses ? pickOne(random, ['sunglasses', 'wayfarers'] as const) : look.glasses,
      hat,
      hatColour: pickOne(random, HAT_COLOURS),
      sceneSeed: Math.floor(random() * 2 ** 32),
    };
  });
}

/** The avataaars options of one shot: the member's look, pinned, and the shot's own clothes and face. */
export function avatarOptions(look: MemberLook, shot: Shot): StyleOptions<Avataaars> {
  return {
    seed: look.seed,
    flip: shot.flip,
    style: ['default'],
    backgroundColor: ['transparent'],
    // No clipping mask: drawn through a mask the figure takes three times as long to rasterise, and the picture's own edges clip it anyway.
    clip: false,
    skinColor: [look.skin],
    top: [shot.hat ?? look.top],
    topProbability: 100,
    hairColor: [look.hair],
    hatColor: [shot.hatColour],
    facialHair: look.facialHair ? [look.facialHair] : [],
    facialHairColor: [look.hair],
    facialHairProbability: look.facialHair ? 100 : 0,
    accessories: shot.accessory ? [shot.accessory] : [],
    accessoriesColor: ['262e33'],
    accessoriesProbability: shot.accessory ? 100 : 0,
    eyes: [shot.eyes],
    eyebrows: [shot.eyebrows],
    mouth: [shot.mouth],
    clothing: [shot.clothing],
    clothesColor: [shot.clothesColour],
    // Friendly pictures only: none of the style's jokes (a skull, "resist", a bat).
    clothingGraphic: ['bear', 'deer', 'diamond', 'hola', 'pizza'],
  };
}

/** Side of the square the 280-unit avatar is drawn in, and how far below the frame its shoulders reach. */
const FRAMING: Record<Framing, { side: number; below: number }> = {
  close: { side: 560, below: 0.1 },
  waist: { side: 430, below: 0.03 },
  wide: { side: 290, below: 0.03 },
};

/**
 * The picture as one SVG document of CANVAS's proportions, `width` x `height` pixels: the scene,
 * the member set into it at the shot's framing and tilt, and whatever of the scene stands in front.
 * `avatarSvg` is DiceBear's drawing of `avatarOptions(look, shot)`.
 */
export function composePicture(shot: Shot, avatarSvg: string, width: number, height: number): string {
  const { width: W, height: H } = CANVAS;
  const scene = drawScene(shot.scene, randomSource(shot.sceneSeed));
  const { side, below } = FRAMING[shot.framing];
  // Tilting lifts a shoulder; pushing the figure a little lower keeps it cut by the frame.
  const sink = side * (below + Math.abs(shot.tilt) / 180);
  const x = (W - side) / 2 + shot.across * (W - side * 0.6) * 0.5;
  const y = H - side + sink;
  const centreX = x + side / 2;
  const figure = avatarSvg.replace(
    /^<svg /,
    `<svg overflow="visible" x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${side}" height="${side}" `,
  );
  // A table in front only where the figure sits behind it, not over a close-up's face.
  const front = scene.front && (shot.framing !== 'close' || shot.scene === 'snow') ? scene.front : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}">` +
    scene.back +
    `<g transform="rotate(${shot.tilt} ${centreX.toFixed(1)} ${H})">${figure}</g>` +
    front +
    '</svg>'
  );
}
