/**
 * A portrait for each demo member, drawn offline: DiceBear's "Avataaars" illustration style (by
 * Pablo Stanley, free for personal and commercial use) rendered from SVG to an 800x800 JPEG with
 * sharp. Avataaars because it reads as a person at a glance, in colour, renders fastest of the
 * people styles (about 30 ms a portrait on one core), and its parts can follow the profile:
 * hairstyles and beards by gender, grey hair from about sixty, reading glasses likelier with
 * age, skin tones by country, a hijab or a turban now and then for devout Muslim women and Sikh
 * men. Everything else (face, clothes, colours) comes from DiceBear's own seeded choice.
 *
 * Deterministic: the look is drawn from a generator seeded by the member's username, never from
 * the population's stream, so portraits can render in any order and in parallel.
 *
 * DiceBear and sharp load on the first portrait, not with the server: together they cost about
 * 0.8 s of start-up that only a first start with demo members needs.
 */
import type { StyleOptions } from '@dicebear/core';
import type { avataaars } from '@dicebear/collection';
import { ageFromDateOfBirth } from '../contract/profile-validation.ts';
import type { MediaStore } from '../kernel/media/index.ts';
import { chance, hashOf, pickOne, type Random, randomSource, weighted, type Weighted } from './random.ts';

export const PORTRAIT_SIZE = 800;
/** Renders at once: sharp rasterises on libuv's pool, so a few in flight keep every core busy without a queue of buffers. */
export const PORTRAIT_CONCURRENCY = 4;

type Look = StyleOptions<avataaars.Options>;
type Top = NonNullable<avataaars.Options['top']>[number];

const MEN_TOPS: Top[] = ['shortCurly', 'shortFlat', 'shortRound', 'shortWaved', 'sides', 'theCaesar', 'theCaesarAndSidePart', 'frizzle', 'shaggy', 'dreads01', 'dreads02'];
const WOMEN_TOPS: Top[] = ['bob', 'bun', 'curly', 'curvy', 'frida', 'fro', 'froBand', 'longButNotTooLong', 'miaWallace', 'straight01', 'straight02', 'straightAndStrand', 'bigHair', 'dreads', 'shavedSides'];

/** Natural skin tones of the style, pale to dark. */
const SKIN = { pale: 'ffdbb4', light: 'edb98a', tan: 'd08b5b', brown: 'ae5d29', dark: '614335' } as const;
type Skin = (typeof SKIN)[keyof typeof SKIN];
const SKIN_BY_REGION: Record<string, Weighted<Skin>> = {
  europe: [[SKIN.pale, 60], [SKIN.light, 30], [SKIN.tan, 7], [SKIN.brown, 2], [SKIN.dark, 1]],
  eastAsia: [[SKIN.pale, 55], [SKIN.light, 40], [SKIN.tan, 5]],
  southeastAsia: [[SKIN.light, 45], [SKIN.tan, 45], [SKIN.brown, 10]],
  southAsia: [[SKIN.light, 15], [SKIN.tan, 50], [SKIN.brown, 35]],
  middleEast: [[SKIN.pale, 15], [SKIN.light, 50], [SKIN.tan, 30], [SKIN.brown, 5]],
  latinAmerica: [[SKIN.pale, 20], [SKIN.light, 40], [SKIN.tan, 28], [SKIN.brown, 8], [SKIN.dark, 4]],
  westAfrica: [[SKIN.brown, 30], [SKIN.dark, 70]],
  mixed: [[SKIN.pale, 38], [SKIN.light, 24], [SKIN.tan, 16], [SKIN.brown, 10], [SKIN.dark, 12]],
};
const REGION_OF: Record<string, string> = {
  'United Kingdom': 'europe', Germany: 'europe', France: 'europe', Japan: 'eastAsia', 'South Korea': 'eastAsia',
  Philippines: 'southeastAsia', Indonesia: 'southeastAsia', Vietnam: 'southeastAsia', India: 'southAsia', Pakistan: 'southAsia',
  Egypt: 'middleEast', Turkey: 'middleEast', 'United Arab Emirates': 'middleEast', Mexico: 'latinAmerica', Brazil: 'latinAmerica',
  Nigeria: 'westAfrica',
};

const HAIR = { black: '2c1b18', darkBrown: '4a312c', brown: '724133', auburn: 'a55728', blondeBrown: 'b58143', blonde: 'd6b370', red: 'c93305', grey: 'e8e1e1' } as const;
const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c1f0d9', 'f4e3b6', 'e3e8ef'];

/** What a portrait is drawn from: the member's seed (username) and a few profile answers. */
export interface PortraitSubject {
  seed: string;
  profile: Record<string, unknown>;
}

function hairColour(random: Random, age: number, skin: Skin): string {
  if (age >= 60 || (age >= 50 && chance(random, 0.4))) return HAIR.grey;
  const darkSkin = skin === SKIN.tan || skin === SKIN.brown || skin === SKIN.dark;
  return darkSkin
    ? weighted(random, [[HAIR.black, 70], [HAIR.darkBrown, 25], [HAIR.brown, 5]])
    : weighted(random, [[HAIR.darkBrown, 25], [HAIR.brown, 25], [HAIR.black, 15], [HAIR.blondeBrown, 12], [HAIR.blonde, 12], [HAIR.auburn, 7], [HAIR.red, 4]]);
}

/** Hair and headwear: gendered styles, and the covering a devout member may wear. */
function topFor(random: Random, isMan: boolean, profile: Record<string, unknown>): Top {
  const devout = profile.religiosity === 'Strict' || profile.religiosity === 'Medium';
  if (isMan && profile.religion === 'Sikh' && chance(random, 0.7)) return 'turban';
  if (!isMan && String(profile.religion).startsWith('Muslim') && devout && chance(random, 0.5)) return 'hijab';
  return pickOne(random, isMan ? MEN_TOPS : WOMEN_TOPS);
}

/** The avataaars options for a member: the parts the profile decides, the rest left to DiceBear's seeded pick. */
export function portraitLook({ seed, profile }: PortraitSubject, today: Date): Look {
  const random = randomSource(hashOf(seed));
  const isMan = profile.gender === 'Man';
  const age = ageFromDateOfBirth(String(profile.date_of_birth), today);
  const skin = weighted(random, SKIN_BY_REGION[REGION_OF[String(profile.home_country)] ?? 'mixed']);
  const hair = hairColour(random, age, skin);
  return {
    seed,
    size: PORTRAIT_SIZE,
    backgroundColor: [pickOne(random, BACKGROUNDS)],
    skinColor: [skin],
    top: [topFor(random, isMan, profile)],
    topProbability: 100,
    hairColor: [hair],
    facialHairColor: [hair],
    facialHair: ['beardLight', 'beardMedium', 'beardMajestic', 'moustacheFancy'],
    facialHairProbability: isMan ? 40 : 0,
    accessories: ['prescription01', 'prescription02', 'round', 'wayfarers'],
    accessoriesProbability: age >= 45 ? 45 : 15,
    // Friendly, ordinary faces: none of the style's jokes (tongue out, hearts for eyes, a skull shirt).
    eyes: ['default', 'happy', 'side', 'squint', 'wink'],
    eyebrows: ['default', 'defaultNatural', 'flatNatural', 'raisedExcitedNatural', 'upDownNatural'],
    mouth: ['default', 'smile', 'twinkle'],
    clothing: age >= 40
      ? ['blazerAndShirt', 'blazerAndSweater', 'collarAndSweater', 'shirtCrewNeck', 'shirtVNeck']
      : ['blazerAndShirt', 'collarAndSweater', 'graphicShirt', 'hoodie', 'shirtCrewNeck', 'shirtScoopNeck', 'shirtVNeck'],
    clothingGraphic: ['bear', 'deer', 'diamond', 'hola', 'pizza'],
  };
}

let drawingTools: Promise<{
  createAvatar: typeof import('@dicebear/core').createAvatar;
  style: typeof avataaars;
  sharp: typeof import('sharp').default;
}> | null = null;

function loadDrawingTools() {
  drawingTools ??= Promise.all([import('@dicebear/core'), import('@dicebear/collection'), import('sharp')]).then(
    ([core, collection, sharp]) => ({ createAvatar: core.createAvatar, style: collection.avataaars, sharp: sharp.default }),
  );
  return drawingTools;
}

/** The member's portrait as an 800x800 JPEG. */
export async function renderPortrait(subject: PortraitSubject, today: Date): Promise<Buffer> {
  const { createAvatar, style, sharp } = await loadDrawingTools();
  const look = portraitLook(subject, today);
  const svg = createAvatar(style, look).toString();
  return sharp(Buffer.from(svg))
    .flatten({ background: `#${look.backgroundColor?.[0] ?? 'ffffff'}` })
    .jpeg({ quality: 84 })
    .toBuffer();
}

/** Where a demo member's portrait lives: under the member's own prefix, so deleting the account deletes it. */
export const portraitKeyOf = (userId: number): string => `users/${userId}/demo/portrait.jpg`;

/** Renders and stores each portrait, a few at a time; resolves once all are stored. */
export async function storePortraits(
  media: MediaStore,
  members: ReadonlyArray<PortraitSubject & { userId: number }>,
  today: Date,
  concurrency = PORTRAIT_CONCURRENCY,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < members.length) {
      const member = members[next++];
      await media.put(portraitKeyOf(member.userId), await renderPortrait(member, today), 'image/jpeg');
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, members.length) }, worker));
}
