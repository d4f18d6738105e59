/**
 * MediaStore on the local disk, for the embedded default and tests: one file per key under the
 * root. The content type travels inside the file as a one-line header, so an object is always
 * a single file written by a single rename: there is no sidecar to lose or leave behind.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertObjectKey, assertPrefix } from './keys.ts';
import type { MediaObject, MediaStore } from './store.ts';

/** Content types are short; the cap lets `size` read the header in one small read. */
const MAX_CONTENT_TYPE = 255;
const NEWLINE = 0x0a;

const isMissing = (error: unknown): boolean => {
  const code = (error as NodeJS.ErrnoException).code;
  // A key that names a folder (another key's prefix) is not an object either.
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'ERR_FS_EISDIR';
};

export class LocalMediaStore implements MediaStore {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private fileOf(key: string): string {
    const file = path.resolve(this.root, key);
    // The key rules already keep paths inside; this is the belt to their braces.
    if (!file.startsWith(this.root + path.sep)) throw new Error(`media key escapes the root: ${key}`);
    return file;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertObjectKey(key);
    if (!contentType || contentType.length > MAX_CONTENT_TYPE || /[\r\n\0]/.test(contentType)) {
      throw new Error(`invalid content type for ${key}`);
    }
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Same folder as the target, so the rename never crosses file systems and readers see the
    // old object or the new one, never half of one.
    const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temp, Buffer.concat([Buffer.from(`${contentType}\n`, 'utf8'), body]));
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<MediaObject | null> {
    assertObjectKey(key);
    let data: Buffer;
    try {
      data = await readFile(this.fileOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const end = data.indexOf(NEWLINE);
    if (end < 0) throw new Error(`media file without a header: ${key}`);
    return { contentType: data.subarray(0, end).toString('utf8'), body: data.subarray(end + 1) };
  }

  async size(key: string): Promise<number | null> {
    assertObjectKey(key);
    let handle;
    try {
      handle = await open(this.fileOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) return null;
      const size = stat.size;
      const head = Buffer.alloc(Math.min(size, MAX_CONTENT_TYPE + 1));
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const end = head.subarray(0, bytesRead).indexOf(NEWLINE);
      if (end < 0) throw new Error(`media file without a header: ${key}`);
      return size - end - 1;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    } finally {
      await handle.close();
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    keys.forEach(assertObjectKey);
    // rm with force ignores missing files, which is what makes deleting idempotent; a key that
    // names a folder is no object, so there is nothing to delete there either.
    await Promise.all(
      keys.map((key) =>
        rm(this.fileOf(key), { force: true }).catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        }),
      ),
    );
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertPrefix(prefix);
    await rm(this.fileOf(prefix), { recursive: true, force: true });
  }

  /** Disk has no URL to upload to: the client sends the file through the API instead. */
  async presignPut(key: string, _contentType: string, _contentLength: number, _expiresSeconds: number): Promise<string | null> {
    assertObjectKey(key);
    return null;
  }
}
