/**
 * The signed-in page under audit: a member with a complete profile whose /home shows discovery
 * results with real photos. The photos are written under the client's static root (their own
 * folder, so a discovery test running beside this one never removes them) and served by the app:
 * before the app starts, as its static files are listed once, at start.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { profiles } from '../../server/kernel/db/schema/index.ts';
import type { Db } from '../../server/kernel/db/client.ts';
import { CLIENT_DIST } from '../../server/plugins/static-client.ts';
import { man, type Member, woman } from '../../server/test/members.ts';

const FIXTURE_IMAGES = path.resolve(import.meta.dirname, '../../fixtures/images');
const MEDIA_DIR = path.join(CLIENT_DIST, 'e2e-speed-media');
const MEDIA_URL = '/e2e-speed-media';

interface Teardown {
  teardown(fn: () => unknown): void;
}

/** Phone-sized portraits (480x600 JPEG, the size members upload after the client's resize); call before the app starts. */
export async function writeHomePhotos(t: Teardown): Promise<string[]> {
  await mkdir(MEDIA_DIR, { recursive: true });
  t.teardown(() => rm(MEDIA_DIR, { recursive: true, force: true }));
  const sources = ['astronaut.jpg', 'chelsea.jpg', 'coffee.jpg', 'rocket.jpg'];
  return Promise.all(
    sources.map(async (source, i) => {
      const name = `portrait-${i + 1}.jpg`;
      await sharp(path.join(FIXTURE_IMAGES, source))
        .resize(480, 600, { fit: 'cover' })
        .jpeg({ quality: 82 })
        .toFile(path.join(MEDIA_DIR, name));
      return `${MEDIA_URL}/${name}`;
    }),
  );
}

/** A man in Austin and four women nearby, each with one of `photos`; the man's /home is audited. */
export async function seedHomeMember(app: FastifyInstance, db: Db, photos: string[]): Promise<{ viewer: Member; women: Member[] }> {
  const texas = (city: string) => ({ home_country: 'United States', home_state: 'Texas', home_city: city });
  const viewer = await man(app, db, { ...texas('Austin'), date_of_birth: '1990-03-02' });
  const cities = ['Austin', 'San Antonio', 'Houston', 'Dallas'];
  const women: Member[] = [];
  for (const [i, city] of cities.entries()) {
    const member = await woman(app, db, { ...texas(city), date_of_birth: `199${i}-06-15` });
    await db.update(profiles).set({ photo1Url: photos[i] }).where(eq(profiles.userId, member.userId));
    women.push(member);
  }
  await db.update(profiles).set({ photo1Url: photos[0] }).where(eq(profiles.userId, viewer.userId));
  return { viewer, women };
}

/**
 * Asks for /home's first reads once, as the member, so the audits measure the page against a
 * server that has answered them before (routes, statements and connections warmed) rather than a
 * process's first request of each, which a running service never shows its members.
 */
export async function warmHomeReads(baseUrl: string, token: string): Promise<void> {
  for (const path of [
    '/api/v1/profile/completeness/',
    '/api/v1/my_profile/',
    '/api/v1/filter_profiles/',
    '/api/v1/profiles/?page_size=20',
  ]) {
    const response = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Token ${token}` } });
    if (!response.ok) throw new Error(`Warming ${path} failed: ${response.status}`);
    await response.arrayBuffer();
  }
}
