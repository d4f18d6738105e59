/**
 * The places a demo member's pictures are taken in: a studio backdrop, a living room, a café, a
 * park, a garden, a city street, a beach, a sunset, the mountains, the snow. Each is a handful of
 * flat SVG shapes drawn on a 400x500 canvas (the 4:5 of a phone portrait), with its colours,
 * horizon and props varied by the picture's own random stream, so two beach pictures differ too.
 *
 * Kept to flat shapes, linear gradients and per-shape transparency (fill-opacity, never a
 * group's or a shape's opacity, which has the rasteriser paint a whole extra layer): rasterising
 * must stay a few milliseconds, as a fresh development database draws hundreds at start-up.
 */
import { chance, pickOne, type Random } from './random.ts';

export const CANVAS = { width: 400, height: 500 } as const;

export const SCENE_NAMES = ['studio', 'home', 'cafe', 'park', 'garden', 'city', 'beach', 'sunset', 'mountains', 'snow'] as const;
export type SceneName = (typeof SCENE_NAMES)[number];

export interface Scene {
  /** Drawn behind the member. */
  back: string;
  /** Drawn in front of the member (a café table), when the framing leaves room for it. */
  front?: string;
}

export interface SceneTraits {
  outdoors: boolean;
  /** Chance of sunglasses in this light. */
  sunglasses: number;
  /** Chance of a winter hat (never for a member wearing a hijab or a turban). */
  winterHat: number;
  /** Fit for a first photo: the face stands out from a quiet background. */
  firstPhoto: boolean;
}

export const SCENE_TRAITS: Record<SceneName, SceneTraits> = {
  studio: { outdoors: false, sunglasses: 0, winterHat: 0, firstPhoto: true },
  home: { outdoors: false, sunglasses: 0, winterHat: 0, firstPhoto: true },
  cafe: { outdoors: false, sunglasses: 0, winterHat: 0, firstPhoto: true },
  park: { outdoors: true, sunglasses: 0.2, winterHat: 0, firstPhoto: true },
  garden: { outdoors: true, sunglasses: 0.2, winterHat: 0, firstPhoto: false },
  city: { outdoors: true, sunglasses: 0.15, winterHat: 0, firstPhoto: true },
  beach: { outdoors: true, sunglasses: 0.6, winterHat: 0, firstPhoto: false },
  sunset: { outdoors: true, sunglasses: 0.1, winterHat: 0, firstPhoto: false },
  mountains: { outdoors: true, sunglasses: 0.4, winterHat: 0.3, firstPhoto: false },
  snow: { outdoors: true, sunglasses: 0.3, winterHat: 0.85, firstPhoto: false },
};

const { width: W, height: H } = CANVAS;
const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const round = (n: number) => Math.round(n * 10) / 10;

function verticalGradient(id: string, stops: readonly string[]): string {
  const offsets = stops.map((colour, i) => `<stop offset="${round(i / Math.max(1, stops.length - 1))}" stop-color="${colour}"/>`).join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${offsets}</linearGradient>`;
}

function sky(id: string, stops: readonly string[], bottom: number): string {
  return `<defs>${verticalGradient(id, stops)}</defs><rect width="${W}" height="${bottom}" fill="url(#${id})"/>`;
}

function cloud(random: Random, y: number): string {
  const x = between(random, 20, W - 60);
  const s = between(random, 0.7, 1.3);
  return `<g fill="#ffffff" transform="translate(${round(x)} ${round(y)}) scale(${round(s)})"><ellipse cx="0" cy="0" rx="34" ry="14"/><ellipse cx="22" cy="-8" rx="22" ry="14"/><ellipse cx="-18" cy="-5" rx="16" ry="10"/></g>`;
}

/** A rolling horizon from `y`, `amplitude` up and down, closed along the bottom. */
function hills(random: Random, y: number, amplitude: number, fill: string): string {
  const a = y - between(random, 0, amplitude);
  const b = y + between(random, -amplitude, amplitude);
  return `<path d="M0 ${round(a)} Q ${round(between(random, 80, 160))} ${round(b - amplitude)} ${W / 2} ${round(y)} T ${W} ${round(y - between(random, -amplitude, amplitude))} V ${H} H 0 Z" fill="${fill}"/>`;
}

function tree(x: number, base: number, size: number, leaves: string): string {
  const trunk = `<rect x="${round(x - size * 0.08)}" y="${round(base - size * 0.6)}" width="${round(size * 0.16)}" height="${round(size * 0.6)}" fill="#6f4a2c"/>`;
  const crown = [
    [0, -0.8, 0.42],
    [-0.28, -0.62, 0.3],
    [0.3, -0.6, 0.32],
  ]
    .map(([dx, dy, r]) => `<circle cx="${round(x + dx * size)}" cy="${round(base + dy * size)}" r="${round(r * size)}"/>`)
    .join('');
  return `${trunk}<g fill="${leaves}">${crown}</g>`;
}

function pine(x: number, base: number, size: number, fill: string, snow = false): string {
  const tiers = [0, 0.3, 0.55].map((t, i) => {
    const top = base - size * (1 - t * 0.6);
    const half = size * (0.32 - i * 0.07);
    const y = base - size * t * 0.9;
    return (
      `<path d="M${round(x)} ${round(top - size * 0.15)} L${round(x + half)} ${round(y)} H${round(x - half)} Z" fill="${fill}"/>` +
      (snow
        ? `<path d="M${round(x)} ${round(top - size * 0.15)} L${round(x + half * 0.4)} ${round(top + size * 0.05)} H${round(x - half * 0.4)} Z" fill="#ffffff"/>`
        : '')
    );
  });
  return `<rect x="${round(x - size * 0.04)}" y="${round(base - size * 0.1)}" width="${round(size * 0.08)}" height="${round(size * 0.12)}" fill="#5b3d24"/>${tiers.join('')}`;
}

const STUDIO_BACKDROPS = [
  ['#e2eaf2', '#8ea2b7'],
  ['#f4e6d6', '#b68c69'],
  ['#e6e1f2', '#8a80ae'],
  ['#dcefe6', '#78a28f'],
  ['#f6e0e0', '#bd8484'],
  ['#eeeeee', '#979797'],
  ['#f3ecd2', '#b3a26a'],
];
const WALLS = ['#efe3d3', '#e1ebe6', '#e9e2f0', '#f3e6d8', '#dde6ef', '#efe0dc', '#e8e4d6'];
const CAFE_WALLS = ['#d8c0a2', '#c9d6cf', '#e3cdb5', '#b9c7d6', '#d9b8a4'];
const SOFAS = ['#6d8299', '#8b6f5c', '#6c8a6f', '#9a6b7c', '#59606e', '#b08d57'];
const FLOWERS = ['#ff6f91', '#ffc75f', '#f9f871', '#ffffff', '#c493ff', '#ff9671'];

const DRAW: Record<SceneName, (random: Random) => Scene> = {
  studio(random) {
    const [light, dark] = pickOne(random, STUDIO_BACKDROPS);
    // A backdrop lit from one side: a gradient and a soft pool of light (a radial gradient costs five times as much to draw).
    const cx = round(between(random, 120, 280));
    return {
      back:
        `<defs>${verticalGradient('bt-studio', [light, dark])}</defs><rect width="${W}" height="${H}" fill="url(#bt-studio)"/>` +
        `<ellipse cx="${cx}" cy="190" rx="230" ry="260" fill="${light}" fill-opacity="0.45"/><ellipse cx="${cx}" cy="180" rx="140" ry="170" fill="${light}" fill-opacity="0.4"/>`,
    };
  },

  home(random) {
    const wall = pickOne(random, WALLS);
    const windowLeft = chance(random, 0.5);
    const wx = windowLeft ? between(random, 10, 40) : between(random, 230, 260);
    const fx = windowLeft ? between(random, 250, 300) : between(random, 30, 70);
    const art = pickOne(random, ['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f', '#6d597a']);
    return {
      back:
        `<rect width="${W}" height="${H}" fill="${wall}"/>` +
        `<defs>${verticalGradient('bt-window', ['#8fcaf0', '#dff2fc'])}</defs>` +
        `<rect x="${round(wx)}" y="60" width="130" height="170" fill="#ffffff"/><rect x="${round(wx + 8)}" y="68" width="114" height="154" fill="url(#bt-window)"/>` +
        `<rect x="${round(wx + 63)}" y="68" width="4" height="154" fill="#ffffff"/><rect x="${round(wx + 8)}" y="143" width="114" height="4" fill="#ffffff"/>` +
        `<rect x="${round(fx)}" y="80" width="84" height="66" fill="#4a3b2f"/><rect x="${round(fx + 6)}" y="86" width="72" height="54" fill="#f7f1e6"/>` +
        `<circle cx="${round(fx + 30)}" cy="113" r="16" fill="${art}"/><path d="M${round(fx + 40)} 134 l18 -30 l16 30 Z" fill="#3d405b" fill-opacity="0.7"/>` +
        `<rect x="0" y="${round(between(random, 360, 390))}" width="${W}" height="200" rx="26" fill="${pickOne(random, SOFAS)}"/>`,
    };
  },

  cafe(random) {
    const wall = pickOne(random, CAFE_WALLS);
    const board = between(random, 20, 250);
    const lamps = [between(random, 40, 120), between(random, 270, 360)]
      .map(
        (x) =>
          `<line x1="${round(x)}" y1="0" x2="${round(x)}" y2="70" stroke="#2b2b2b" stroke-width="2"/><circle cx="${round(x)}" cy="84" r="26" fill="#ffe8a3" fill-opacity="0.45"/><path d="M${round(x - 20)} 86 a20 16 0 0 1 40 0 Z" fill="#2f2f2f"/>`,
      )
      .join('');
    const table = pickOne(random, ['#8a5a3c', '#6b4a34', '#a77b56', '#5b5b5b']);
    const cupX = between(random, 40, 320);
    return {
      back:
        `<rect width="${W}" height="${H}" fill="${wall}"/>` +
        `<rect x="${round(board)}" y="120" width="130" height="90" rx="4" fill="#2e2e2e"/>` +
        [0, 1, 2, 3]
          .map(
            (i) =>
              `<rect x="${round(board + 14)}" y="${136 + i * 18}" width="${60 + ((i * 37) % 40)}" height="4" fill="#f0f0f0" fill-opacity="0.65"/>`,
          )
          .join('') +
        `<rect x="0" y="250" width="${W}" height="8" fill="#7a5538"/>` +
        lamps,
      front:
        `<rect x="0" y="448" width="${W}" height="52" fill="${table}"/><rect x="0" y="444" width="${W}" height="8" fill="#000000" fill-opacity="0.15"/>` +
        `<rect x="${round(cupX)}" y="420" width="30" height="30" rx="5" fill="#ffffff"/><path d="M${round(cupX + 29)} 427 a9 9 0 0 1 0 16" stroke="#ffffff" stroke-width="4" fill="none"/>`,
    };
  },

  park(random) {
    const horizon = between(random, 250, 300);
    const trees = Array.from({ length: 3 + Math.floor(random() * 3) }, () =>
      tree(
        between(random, 10, 390),
        horizon + between(random, 10, 40),
        between(random, 60, 110),
        pickOne(random, ['#4f9a45', '#5fae52', '#3f8a3f', '#6cb85a']),
      ),
    );
    return {
      back:
        sky('bt-sky', ['#79bff0', '#d9effc'], horizon + 40) +
        cloud(random, between(random, 40, 110)) +
        cloud(random, between(random, 60, 150)) +
        hills(random, horizon, 25, '#9ccf7c') +
        trees.join('') +
        hills(random, horizon + 70, 20, '#7fbf5e') +
        `<path d="M${round(between(random, 120, 200))} ${H} Q 200 ${round(horizon + 90)} ${round(between(random, 220, 300))} ${round(horizon + 60)} L ${round(between(random, 300, 340))} ${round(horizon + 62)} Q 260 ${round(horizon + 110)} ${round(between(random, 300, 380))} ${H} Z" fill="#e8dcc0"/>`,
    };
  },

  garden(random) {
    const hedge = between(random, 190, 250);
    const flowers = Array.from(
      { length: 26 },
      () =>
        `<circle cx="${round(between(random, 0, W))}" cy="${round(between(random, hedge + 10, H))}" r="${round(between(random, 4, 8))}" fill="${pickOne(random, FLOWERS)}"/>`,
    );
    return {
      back:
        sky('bt-sky', ['#8cc8f2', '#e4f4fd'], hedge + 20) +
        `<rect x="-20" y="${round(hedge)}" width="${W + 40}" height="${H}" rx="40" fill="#4f7f3f"/>` +
        `<rect x="-20" y="${round(hedge + 60)}" width="${W + 40}" height="${H}" rx="30" fill="#5d8f4a"/>` +
        flowers.join(''),
    };
  },

  city(random) {
    const [top, bottom, lit] = pickOne(random, [
      ['#2c3e70', '#f2a86b', '#ffe9a8'],
      ['#8ec5ea', '#e9f4fb', '#cfe3f2'],
      ['#131c3a', '#3e4f82', '#ffd36e'],
    ] as const);
    const far: string[] = [];
    const near: string[] = [];
    // Rows of windows as dashed lines down each building: a fill pattern would cost twenty times as much to draw.
    let windows = '';
    for (let x = -10; x < W; x += between(random, 34, 56))
      far.push(`<rect x="${round(x)}" y="${round(between(random, 90, 220))}" width="${round(between(random, 30, 50))}" height="400" />`);
    for (let x = -20; x < W; x += between(random, 50, 80)) {
      const top = between(random, 170, 300);
      const width = between(random, 48, 72);
      near.push(`<rect x="${round(x)}" y="${round(top)}" width="${round(width)}" height="400" />`);
      for (let column = x + 9; column < x + width - 8; column += 14) windows += `M${round(column)} ${round(top + 10)} V${H} `;
    }
    return {
      back:
        sky('bt-sky', [top, bottom], H) +
        `<g fill="#1d2438" fill-opacity="0.45">${far.join('')}</g><g fill="#28324d">${near.join('')}</g>` +
        `<path d="${windows}" stroke="${lit}" stroke-width="7" stroke-dasharray="9 9" stroke-opacity="0.8"/>` +
        `<rect x="0" y="440" width="${W}" height="60" fill="#5a5f6b"/>`,
    };
  },

  beach(random) {
    const horizon = between(random, 260, 310);
    const sunX = between(random, 60, 340);
    const waves = [0, 1, 2].map(
      (i) =>
        `<path d="M${round(between(random, -40, 120))} ${round(horizon + 20 + i * 26)} q 30 -8 60 0 t 60 0" stroke="#ffffff" stroke-width="3" fill="none" stroke-opacity="0.55"/>`,
    );
    return {
      back:
        sky('bt-sky', ['#6ec3f2', '#d6f0fb'], horizon + 2) +
        `<circle cx="${round(sunX)}" cy="${round(between(random, 60, 120))}" r="48" fill="#fff6c8" fill-opacity="0.35"/><circle cx="${round(sunX)}" cy="${round(between(random, 80, 100))}" r="26" fill="#fff4b8"/>` +
        cloud(random, between(random, 50, 150)) +
        `<defs>${verticalGradient('bt-sea', ['#2a8ec4', '#5cc2e2'])}</defs><rect x="0" y="${round(horizon)}" width="${W}" height="${H}" fill="url(#bt-sea)"/>` +
        waves.join('') +
        hills(random, horizon + between(random, 110, 150), 16, '#f0d9a8'),
    };
  },

  sunset(random) {
    const horizon = between(random, 280, 330);
    const sunX = between(random, 80, 320);
    const glints = [0, 1, 2, 3].map(
      (i) =>
        `<rect x="${round(sunX - 40 + i * 9 - between(random, 0, 20))}" y="${round(horizon + 14 + i * 22)}" width="${round(between(random, 40, 90))}" height="4" rx="2" fill="#ffcf80" fill-opacity="0.6"/>`,
    );
    return {
      back:
        sky('bt-sky', ['#3d2c6b', '#e0567a', '#f7b267'], horizon + 2) +
        `<circle cx="${round(sunX)}" cy="${round(horizon)}" r="${round(between(random, 34, 50))}" fill="#ffd27a"/>` +
        `<defs>${verticalGradient('bt-sea', ['#5a3f7a', '#2b2450'])}</defs><rect x="0" y="${round(horizon)}" width="${W}" height="${H}" fill="url(#bt-sea)"/>` +
        glints.join(''),
    };
  },

  mountains(random) {
    const peaks = (base: number, height: number) => {
      let d = `M0 ${base}`;
      for (let x = 0; x <= W; x += between(random, 60, 110))
        d += ` L${round(x + 30)} ${round(base - between(random, height * 0.4, height))} L${round(x + 60)} ${round(base - between(random, 0, height * 0.3))}`;
      return `${d} L${W} ${base} V ${H} H 0 Z`;
    };
    const pines = Array.from({ length: 4 + Math.floor(random() * 4) }, () =>
      pine(between(random, 0, W), between(random, 360, 420), between(random, 70, 120), '#2f5a41'),
    );
    return {
      back:
        sky('bt-sky', ['#8fcdf4', '#e6f5fd'], 330) +
        `<defs>${verticalGradient('bt-range', ['#ffffff', '#b9c8d8', '#8ea3ba'])}</defs>` +
        `<path d="${peaks(300, 190)}" fill="url(#bt-range)"/>` +
        `<path d="${peaks(350, 90)}" fill="#6f8f7a"/>` +
        `<rect x="0" y="360" width="${W}" height="${H}" fill="#7fa86a"/>` +
        pines.join(''),
    };
  },

  snow(random) {
    const flakes = Array.from(
      { length: 36 },
      () => `<circle cx="${round(between(random, 0, W))}" cy="${round(between(random, 0, H))}" r="${round(between(random, 1.5, 4))}"/>`,
    );
    const pines = Array.from({ length: 3 + Math.floor(random() * 4) }, () =>
      pine(between(random, 0, W), between(random, 300, 380), between(random, 80, 140), '#3b5f4f', true),
    );
    return {
      back:
        sky('bt-sky', ['#b9cbdc', '#eef3f7'], H) +
        hills(random, between(random, 260, 300), 20, '#e3edf5') +
        pines.join('') +
        hills(random, between(random, 360, 400), 20, '#f7fafc'),
      front: `<g fill="#ffffff" fill-opacity="0.85">${flakes.join('')}</g>`,
    };
  },
};

export function drawScene(name: SceneName, random: Random): Scene {
  return DRAW[name](random);
}
