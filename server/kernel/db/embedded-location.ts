/**
 * Where the embedded PostgreSQL's binaries and cluster are. Normally the package's own folder in
 * node_modules and DATA_DIR/pg. As root, though, PostgreSQL runs as the unprivileged 'postgres'
 * system user, which must be able to enter every folder on the way to both: a clone under root's
 * home (0700) or in a `mktemp -d` folder is closed to it, and initdb cannot even start. Opening
 * root's folders to other users would be a silent security change, so what it cannot reach is
 * placed under /var/lib/betroth instead (persistent, unlike /tmp): one copy of the binaries per
 * package version, and one cluster folder per DATA_DIR, named after its path, so that each data
 * folder keeps its own database across restarts.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { chmod, cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where clusters go when DATA_DIR cannot be reached; a test points it elsewhere. */
export const OUTSIDE_ROOT = process.env.BETROTH_EMBEDDED_PG_ROOT ?? '/var/lib/betroth';

export interface PostgresIdentity {
  uid: number;
  gids: number[];
}

/** The search (x) permission of one folder for that user, as the kernel decides it. */
function canEnter(folder: string, who: PostgresIdentity): boolean {
  const { mode, uid, gid } = statSync(folder);
  if (uid === who.uid) return (mode & 0o100) !== 0;
  if (who.gids.includes(gid)) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

/** Whether that user can walk from / down to `folder` (the nearest existing ancestor and up). */
export function reachableBy(folder: string, who: PostgresIdentity): boolean {
  let current = path.resolve(folder);
  while (!existsSync(current)) current = path.dirname(current);
  for (;;) {
    if (!canEnter(current, who)) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

export interface EmbeddedPlace {
  /** The package's native folder (bin, lib, share), or the copy of it the 'postgres' user can reach. */
  nativeDir: string;
  databaseDir: string;
  /** Set when something is kept outside its usual place: the sentence the log says once. */
  movedBecause: string | null;
}

/** The native folder copied once per package version, whole (relative symlinks kept), then marked complete. */
async function reachableCopy(nativeDir: string, version: string, outsideRoot: string): Promise<string> {
  const target = path.join(outsideRoot, `postgres-${version}`);
  if (existsSync(path.join(target, '.complete'))) return target;
  await openFolder(outsideRoot);
  const partial = `${target}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
  await chmod(partial, 0o755);
  await writeFile(path.join(partial, '.complete'), `${version}\n`);
  // Two starts racing: the first rename wins and the other's copy is dropped.
  await rename(partial, target).catch(() => rm(partial, { recursive: true, force: true }));
  return target;
}

/** Creates a folder every user may enter, whatever the umask. */
async function openFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  await chmod(folder, 0o755);
}

/**
 * Where the embedded PostgreSQL's binaries and cluster are, for this DATA_DIR. `postgres` is
 * null when the system user does not exist yet: the package creates it without extra groups, so
 * only the "other" bits count.
 */
export async function placeEmbeddedPostgres(options: {
  dataDir: string;
  packageNativeDir: string;
  packageVersion: string;
  postgres: PostgresIdentity | null;
  isRoot: boolean;
  /** Where what the user cannot reach goes (OUTSIDE_ROOT unless a test says otherwise). */
  outsideRoot?: string;
}): Promise<EmbeddedPlace> {
  const outsideRoot = options.outsideRoot ?? OUTSIDE_ROOT;
  const inside = path.join(options.dataDir, 'pg');
  const usual = { nativeDir: options.packageNativeDir, databaseDir: inside, movedBecause: null };
  // Not root: PostgreSQL runs as this very user, who can reach their own folders.
  if (!options.isRoot) return usual;
  const who = options.postgres ?? { uid: -1, gids: [] };
  const binariesReachable = reachableBy(path.join(options.packageNativeDir, 'bin'), who);
  // A cluster that is already there stays there: its files hold the members' data.
  const clusterReachable = existsSync(path.join(inside, 'PG_VERSION')) || reachableBy(options.dataDir, who);
  if (binariesReachable && clusterReachable) return usual;

  const nativeDir = binariesReachable
    ? options.packageNativeDir
    : await reachableCopy(options.packageNativeDir, options.packageVersion, outsideRoot);
  let databaseDir = inside;
  if (!clusterReachable) {
    const name = createHash('sha256').update(path.resolve(options.dataDir)).digest('hex').slice(0, 16);
    await openFolder(path.join(outsideRoot, `embedded-${name}`));
    databaseDir = path.join(outsideRoot, `embedded-${name}`, 'pg');
  }
  const closed = [!binariesReachable && options.packageNativeDir, !clusterReachable && path.resolve(options.dataDir)].filter(Boolean);
  const moved = [
    nativeDir !== options.packageNativeDir && `its binaries run from ${nativeDir}`,
    databaseDir !== inside && `its cluster is kept in ${databaseDir}`,
  ]
    .filter(Boolean)
    .join(' and ');
  return {
    nativeDir,
    databaseDir,
    movedBecause:
      `embedded PostgreSQL runs as the 'postgres' system user under root, and that user cannot enter ${closed.join(' or ')}, ` +
      `so ${moved} (to keep everything in place, clone into and set DATA_DIR to folders that user can enter)`,
  };
}
