/**
 * What a demo member looks like in every one of their pictures: skin tone, hair colour and style
 * (or the hijab or turban a devout member wears), beard, glasses. Drawn once per member so that
 * the two to five pictures of one member show one person, however their scene, framing, clothes
 * and expression change (pictures.ts).
 *
 * The parts follow the profile: short styles and beards for men, longer styles for women, grey hair
 * from about sixty, glasses likelier with age, skin tones weighted by country. Seeded by the
 * username, never by the population's stream, so pictures can be drawn in any order.
 */
import type { avataaars } from '@dicebear/collection';
import { ageFromDateOfBirth } from '../contract/profile-validation.ts';
import { chance, hashOf, pickOne, type Random, randomSource, weighted, type Weighted } from './random.ts';

export type Top = NonNullable<avataaars.Options['top']>[number];
export type FacialHair = NonNullable<avataaars.Options['facialHair']>[number];
export type Glasses = 'prescription01' | 'prescription02' | 'round';

const MEN_TOPS: Top[] = [
  'shortCurly',
  'shortFlat',
  'shortRound',
  'shortWaved',
  'sides',
  'theCaesar',
  'theCaesarAndSidePart',
  'frizzle',
  'shaggy',
  'dreads01',
  'dreads02',
];
const WOMEN_TOPS: Top[] = [
  'bob',
  'bun',
  'curly',
  'curvy',
  'frida',
  'fro',
  'froBand',
  'longButNotTooLong',
  'miaWallace',
  'straight01',
  'straight02',
  'straightAndStrand',
  'bigHair',
  'dreads',
  'shavedSides',
];
const BEARDS: FacialHair[] = ['beardLight', 'beardMedium', 'beardMajestic', 'moustacheFancy'];
const GLASSES: Glasses[] = ['prescription01', 'prescription02', 'round'];

/** Natural skin tones of the style, pale to dark. */
const SKIN = { pale: 'ffdbb4', light: 'edb98a', tan: 'd08b5b', brown: 'ae5d29', dark: '614335' } as const;
type Skin = (typeof SKIN)[keyof typeof SKIN];
const SKIN_BY_REGION: Record<string, Weighted<Skin>> = {
  europe: [
    [SKIN.pale, 60],
    [SKIN.light, 30],
    [SKIN.tan, 7],
    [SKIN.brown, 2],
    [SKIN.dark, 1],
  ],
  eastAsia: [
    [SKIN.pale, 55],
    [SKIN.light, 40],
    [SKIN.tan, 5],
  ],
  southeastAsia: [
    [SKIN.light, 45],
    [SKIN.tan, 45],
    [SKIN.brown, 10],
  ],
  southAsia: [
    [SKIN.light, 15],
    [SKIN.tan, 50],
    [SKIN.brown, 35],
  ],
  middleEast: [
    [SKIN.pale, 15],
    [SKIN.light, 50],
    [SKIN.tan, 30],
    [SKIN.brown, 5],
  ],
  latinAmerica: [
    [SKIN.pale, 20],
    [SKIN.light, 40],
    [SKIN.tan, 28],
    [SKIN.brown, 8],
    [SKIN.dark, 4],
  ],
  westAfrica: [
    [SKIN.brown, 30],
    [SKIN.dark, 70],
  ],
  mixed: [
    [SKIN.pale, 38],
    [SKIN.light, 24],
    [SKIN.tan, 16],
    [SKIN.brown, 10],
    [SKIN.dark, 12],
  ],
};
const REGION_OF: Record<string, string> = {
  'United Kingdom': 'europe',
  Germany: 'europe',
  France: 'europe',
  Japan: 'eastAsia',
  'South Korea': 'eastAsia',
  Philippines: 'southeastAsia',
  Indonesia: 'southeastAsia',
  Vietnam: 'southeastAsia',
  India: 'southAsia',
  Pakistan: 'southAsia',
  Egypt: 'middleEast',
  Turkey: 'middleEast',
  'United Arab Emirates': 'middleEast',
  Mexico: 'latinAmerica',
  Brazil: 'latinAmerica',
  Nigeria: 'westAfrica',
};

const HAIR = {
  black: '2c1b18',
  darkBrown: '4a312c',
  brown: '724133',
  auburn: 'a55728',
  blondeBrown: 'b58143',
  blonde: 'd6b370',
  red: 'c93305',
  grey: 'e8e1e1',
} as const;

/** What a member's look is drawn from: the seed (username) and a few profile answers. */
export interface LookSubject {
  seed: string;
  profile: Record<string, unknown>;
}

export interface MemberLook {
  /** DiceBear's own seed for the few parts left to it (the nose, the face's shading). */
  seed: string;
  isMan: boolean;
  age: number;
  skin: string;
  hair: string;
  top: Top;
  /** A hijab or a turban: the member wears it in every picture, hats never replace it. */
  headCovering: boolean;
  facialHair: FacialHair | null;
  glasses: Glasses | null;
}

function hairColour(random: Random, age: number, skin: Skin): string {
  if (age >= 60 || (age >= 50 && chance(random, 0.4))) return HAIR.grey;
  const darkSkin = skin === SKIN.tan || skin === SKIN.brown || skin === SKIN.dark;
  return darkSkin
    ? weighted(random, [
        [HAIR.black, 70],
        [HAIR.darkBrown, 25],
        [HAIR.brown, 5],
      ])
    : weighted(random, [
        [HAIR.darkBrown, 25],
        [HAIR.brown, 25],
        [HAIR.black, 15],
        [HAIR.blondeBrown, 12],
        [HAIR.blonde, 12],
        [HAIR.auburn, 7],
        [HAIR.red, 4],
      ]);
}

/** Hair, or the covering a devout member wears. */
function topFor(random: Random, isMan: boolean, profile: Record<string, unknown>): Top {
  const devout = profile.religiosity === 'Strict' || profile.religiosity === 'Medium';
  if (isMan && profile.religion === 'Sikh' && chance(random, 0.7)) return 'turban';
  if (!isMan && String(profile.religion).startsWith('Muslim') && devout && chance(random, 0.5)) return 'hijab';
  return pickOne(random, isMan ? MEN_TOPS : WOMEN_TOPS);
}

export function memberLook({ seed, profile }: LookSubject, today: Date): MemberLook {
  const random = randomSource(hashOf(seed));
  const isMan = profile.gender === 'Man';
  const age = ageFromDateOfBirth(String(profile.date_of_birth), today);
  const skin = weighted(random, SKIN_BY_REGION[REGION_OF[String(profile.home_country)] ?? 'mixed']);
  const hair = hairColour(random, age, skin);
  const top = topFor(random, isMan, profile);
  return {
    seed,
    isMan,
    age,
    skin,
    hair,
    top,
    headCovering: top === 'hijab' || top === 'turban',
    facialHair: isMan && chance(random, 0.4) ? pickOne(random, BEARDS) : null,
    glasses: chance(random, age >= 45 ? 0.45 : 0.15) ? pickOne(random, GLASSES) : null,
  };
}
