/**
 * What a media key may look like. Keys are built by the server, never taken from a request
 * as they are, but the local store turns them into file paths, so a key that could climb out
 * of the root or mean different things on different systems is refused outright. Both stores
 * apply the same rules, so code that works on one works on the other.
 */
export class MediaKeyError extends Error {
  readonly key: string;
  constructor(key: string, reason: string) {
    super(`Unsafe media key ${JSON.stringify(key)}: ${reason}`);
    this.key = key;
    this.name = 'MediaKeyError';
  }
}

const MAX_KEY_LENGTH = 512;

function problemOf(key: string): string | null {
  if (key.length === 0) return 'empty';
  if (key.length > MAX_KEY_LENGTH) return `longer than ${MAX_KEY_LENGTH} characters`;
  if (key.startsWith('/')) return 'absolute';
  if (key.includes('..')) return 'contains ..';
  if (key.includes('\0')) return 'contains NUL';
  if (key.includes('\\')) return 'contains a backslash';
  // Empty and "." segments would name the same file as another key on disk but not in S3.
  const segments = key.replace(/\/$/, '').split('/');
  if (segments.some((segment) => segment === '' || segment === '.')) return 'has an empty or "." segment';
  return null;
}

/** An object's key: a relative path, never ending in '/'. */
export function assertObjectKey(key: string): void {
  const problem = problemOf(key) ?? (key.endsWith('/') ? 'ends with /' : null);
  if (problem) throw new MediaKeyError(key, problem);
}

/**
 * A folder-like prefix, always ending in '/': without it `users/1` would also match
 * `users/10/...` on S3, and deleting a prefix must never reach another member.
 */
export function assertPrefix(prefix: string): void {
  const problem = problemOf(prefix) ?? (prefix.endsWith('/') ? null : 'a prefix must end with /');
  if (problem) throw new MediaKeyError(prefix, problem);
}
