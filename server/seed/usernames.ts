/**
 * Usernames for demo members that read like handles people pick: the first name with a surname
 * initial (`Amelia_R`), with the year of birth (`amelia94`, `Jose_1994`) or with both
 * (`AmeliaR7`). Usernames may hold only letters, digits and underscores (contract/auth.ts), so
 * accents and spaces are folded away (`José` -> `Jose`, `John Paul` -> `JohnPaul`). Unique
 * without regard to case, as the users table demands; a taken handle gets another pattern, then
 * a number.
 */
import { USERNAME_MAX, usernameErrors } from '../contract/auth.ts';
import { chance, type Random, weighted } from './random.ts';

/** Surname initials roughly as common as they are in English-speaking phone books. */
const INITIALS: ReadonlyArray<readonly [string, number]> = [
  ['S', 10],
  ['M', 9],
  ['B', 8],
  ['C', 8],
  ['H', 7],
  ['R', 6],
  ['W', 6],
  ['G', 5],
  ['P', 5],
  ['D', 5],
  ['L', 5],
  ['K', 4],
  ['T', 4],
  ['A', 4],
  ['J', 3],
  ['N', 3],
  ['F', 3],
  ['E', 2],
  ['V', 2],
  ['O', 2],
  ['Y', 1],
  ['Z', 1],
  ['I', 1],
  ['U', 0.5],
];

/** Letters that do not decompose into a base letter plus an accent. */
const FOLDS: Record<string, string> = { ı: 'i', İ: 'I', ø: 'o', Ø: 'O', ß: 'ss', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', æ: 'ae', œ: 'oe' };

/** The name as username characters: accents dropped, spaces and hyphens removed. */
export function handleOf(name: string): string {
  return name
    .replace(/[ıİøØßłŁđĐæœ]/g, (c) => FOLDS[c])
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '');
}

export class UsernameBook {
  private readonly taken = new Set<string>();

  /** A free, valid handle for this first name, claimed at once. */
  claim(random: Random, firstName: string, birthYear: number): string {
    const name = handleOf(firstName) || 'Member';
    const initial = () => weighted(random, INITIALS);
    const yy = String(birthYear % 100).padStart(2, '0');
    const patterns = [
      () => `${name}_${initial()}`,
      () => `${name.toLowerCase()}${yy}`,
      () => `${name}_${birthYear}`,
      () => `${name}${initial()}${1 + Math.floor(random() * 9)}`,
      () => `${name.toLowerCase()}_${initial().toLowerCase()}`,
    ];
    for (let attempt = 0; attempt < 8; attempt++) {
      const handle = weighted(
        random,
        patterns.map((p, i) => [p, [35, 25, 10, 15, 15][i]] as const),
      )();
      if (this.take(handle)) return handle;
    }
    // A common name taken every way: numbers, as people end up doing.
    for (let n = 2; ; n++) {
      const handle = `${name.slice(0, USERNAME_MAX - 8)}_${initial()}${chance(random, 0.5) ? yy : ''}${n}`;
      if (this.take(handle)) return handle;
    }
  }

  private take(handle: string): boolean {
    const key = handle.toLowerCase();
    if (this.taken.has(key) || usernameErrors(handle).length > 0) return false;
    this.taken.add(key);
    return true;
  }
}
