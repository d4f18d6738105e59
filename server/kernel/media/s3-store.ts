/**
 * MediaStore on an S3-compatible object store (AWS S3, MinIO): what lets several API and
 * worker instances share the same photos, and lets clients upload straight to the bucket.
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config.ts';
import { assertObjectKey, assertPrefix } from './keys.ts';
import type { MediaObject, MediaStore } from './store.ts';

/** DeleteObjects takes at most this many keys per request; ListObjectsV2 returns as many. */
const PAGE = 1000;

const isNotFound = (error: unknown): boolean => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404;
};

/** `endpoint` overrides the configured one: presigning for browsers uses the public address. */
export function createS3Client(config: S3Config, endpoint: string | null = config.endpoint): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    // Unset: the SDK's default chain (environment, shared profile, instance or task role).
    credentials: config.credentials ?? undefined,
    // Checksums only where S3 demands them: by default the SDK would also put a checksum of the
    // (empty) presigning body into presigned PUT URLs, which then refuse the real upload, and
    // some S3-compatible stores reject the newer checksum headers altogether.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;

  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly presignClient: S3Client;
  constructor(
    client: S3Client,
    bucket: string,
    /** Signs upload URLs for browsers; signing is local, so this client never connects anywhere. */
    presignClient: S3Client = client,
  ) {
    this.client = client;
    this.bucket = bucket;
    this.presignClient = presignClient;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertObjectKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async get(key: string): Promise<MediaObject | null> {
    assertObjectKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!result.Body) return null;
      const body = Buffer.from(await result.Body.transformToByteArray());
      return { body, contentType: result.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    assertObjectKey(key);
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return result.ContentLength ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    keys.forEach(assertObjectKey);
    for (let start = 0; start < keys.length; start += PAGE) {
      await this.deleteBatch(keys.slice(start, start + PAGE));
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertPrefix(prefix);
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: PAGE, ContinuationToken: continuationToken }),
      );
      const keys = (page.Contents ?? []).map((object) => object.Key).filter((key): key is string => Boolean(key));
      if (keys.length > 0) await this.deleteBatch(keys);
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async presignPut(key: string, contentType: string, contentLength: number, expiresSeconds: number): Promise<string | null> {
    assertObjectKey(key);
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType, ContentLength: contentLength });
    // The presigner leaves content-type unsigned unless told otherwise; signing both headers is
    // what holds the client to the type and size the API agreed to.
    return getSignedUrl(this.presignClient, command, {
      expiresIn: expiresSeconds,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
  }

  /** Missing keys are not errors in S3's answer; anything it does report is. */
  private async deleteBatch(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const result = await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const failed = result.Errors ?? [];
    if (failed.length > 0) {
      const first = failed[0];
      throw new Error(`S3 refused to delete ${failed.length} media object(s), e.g. ${first.Key}: ${first.Code} ${first.Message}`);
    }
  }
}
