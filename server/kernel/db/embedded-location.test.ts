/**
 * Where the embedded PostgreSQL goes under root: the folders the 'postgres' system user can
 * enter are judged from real modes on disk, and what it cannot enter is placed (and the binaries
 * copied, symlinks and all) under the outside root, once.
 */
import { chmod, mkdir, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { makeTempDir } from '../../test/app.ts';
import { placeEmbeddedPostgres, reachableBy } from './embedded-location.ts';

/** Nobody in particular: no folder here is theirs or their group's, so only the "other" bits count. */
const stranger = { uid: 54_321, gids: [54_321] };

async function fakeNative(root: string) {
  const native = path.join(root, 'node_modules', 'pkg', 'native');
  await mkdir(path.join(native, 'bin'), { recursive: true });
  await mkdir(path.join(native, 'lib'), { recursive: true });
  await writeFile(path.join(native, 'bin', 'postgres'), '#!/bin/sh\n', { mode: 0o755 });
  await writeFile(path.join(native, 'lib', 'libpq.so.5.18'), 'library');
  await symlink('libpq.so.5.18', path.join(native, 'lib', 'libpq.so.5'));
  return native;
}

t.test('reachableBy follows every folder from / down, by owner, group and other bits', async (t) => {
  const base = await makeTempDir(t, 'betroth-reach-');
  await chmod(base, 0o755);
  const open = path.join(base, 'open', 'deeper');
  await mkdir(open, { recursive: true });
  const closed = path.join(base, 'closed');
  await mkdir(path.join(closed, 'inside'), { recursive: true });
  await chmod(closed, 0o700);
  t.ok(reachableBy(open, stranger), 'a 0755 path is open');
  t.notOk(reachableBy(path.join(closed, 'inside'), stranger), 'a 0700 folder on the way closes it');
  t.notOk(reachableBy(path.join(closed, 'not', 'made', 'yet'), stranger), 'a folder not made yet is judged by its nearest ancestor');
  const owner = (await stat(closed)).uid;
  t.ok(reachableBy(path.join(closed, 'inside'), { uid: owner, gids: [] }), 'the owner enters their own 0700 folder');
  await chmod(closed, 0o710);
  const group = (await stat(closed)).gid;
  t.ok(reachableBy(path.join(closed, 'inside'), { uid: 54_321, gids: [group] }), 'the group bit lets a member of the group in');
  t.notOk(reachableBy(path.join(closed, 'inside'), stranger), 'but not others');
});

t.test('under root, what the postgres user cannot reach is placed outside, and nothing moves otherwise', async (t) => {
  const base = await makeTempDir(t, 'betroth-place-');
  await chmod(base, 0o755);
  const outsideRoot = path.join(base, 'outside');
  const privateClone = path.join(base, 'private');
  await mkdir(privateClone);
  const native = await fakeNative(privateClone);
  const dataDir = path.join(privateClone, '.data');
  await chmod(privateClone, 0o700);
  const common = { dataDir, packageNativeDir: native, packageVersion: '18.0.0-test', postgres: stranger, outsideRoot };

  const notRoot = await placeEmbeddedPostgres({ ...common, isRoot: false });
  t.same(notRoot, { nativeDir: native, databaseDir: path.join(dataDir, 'pg'), movedBecause: null }, 'not root: the usual places');

  const moved = await placeEmbeddedPostgres({ ...common, isRoot: true });
  t.equal(moved.nativeDir, path.join(outsideRoot, 'postgres-18.0.0-test'), 'the binaries are copied once per version');
  t.match(moved.databaseDir, new RegExp(`^${outsideRoot}/embedded-[0-9a-f]{16}/pg$`), 'the cluster gets a folder named after DATA_DIR');
  t.ok(reachableBy(path.join(moved.nativeDir, 'bin'), stranger), 'the copy is open to the postgres user');
  t.ok(reachableBy(path.dirname(moved.databaseDir), stranger), 'so is the cluster folder');
  t.equal(await readlink(path.join(moved.nativeDir, 'lib', 'libpq.so.5')), 'libpq.so.5.18', 'relative symlinks are kept as they are');
  t.ok(existsSync(path.join(moved.nativeDir, '.complete')), 'the copy is marked complete');
  t.match(
    moved.movedBecause,
    /cannot enter .*native or .*\.data, so its binaries run from .* and its cluster is kept in/,
    'one sentence says why',
  );

  const again = await placeEmbeddedPostgres({ ...common, isRoot: true });
  t.same(again, moved, 'the next start finds the same places');
  const otherData = await placeEmbeddedPostgres({ ...common, dataDir: path.join(privateClone, 'other'), isRoot: true });
  t.not(otherData.databaseDir, moved.databaseDir, 'another DATA_DIR keeps a database of its own');

  await chmod(privateClone, 0o755);
  t.same(
    await placeEmbeddedPostgres({ ...common, isRoot: true }),
    { nativeDir: native, databaseDir: path.join(dataDir, 'pg'), movedBecause: null },
    'an open clone keeps everything in place',
  );
});
