import { PassThrough, Transform, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { drained } from './drained';
import { isStorageKey } from './storage-keys';
import type { StoragePort, StorageWriter } from './storage.types';

export interface S3StorageOptions {
  /** s3://bucket or s3://bucket/prefix (the prefix is put before every key). */
  url: string;
  /** Another S3-compatible service (MinIO, R2, a test server); default AWS for the region. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's own chain (environment, shared files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (http://host/bucket/key) rather than the host name; MinIO wants it. */
  forcePathStyle: boolean;
  /** Seconds a presigned download address lives; null: downloads go through the server. */
  presignSeconds: number | null;
}

/** Multipart parts: S3's smallest; a reading under one part is sent as one PutObject at its end. */
const PART_BYTES = 5 * 1024 * 1024;

/** Bucket and key prefix of an s3:// address; the prefix is '' or ends in '/'. */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/.*)?$/.exec(url);
  if (!m)
    throw new Error(`Invalid S3 address: ${url} (expected s3://bucket or s3://bucket/prefix)`);
  const prefix = (m[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !isStorageKey(prefix)) throw new Error(`Invalid S3 key prefix: ${prefix}`);
  return { bucket: m[1]!, prefix: prefix ? `${prefix}/` : '' };
}

/**
 * Audio in an S3-compatible bucket through the AWS SDK v3 (decision 240). Writes stream through
 * @aws-sdk/lib-storage's Upload (a multipart upload, at most two 5 MiB parts in memory; nothing is
 * visible under the key until it completes), reads stream the GetObject body with the byte range
 * passed to the service, and downloads can be presigned GetObject addresses.
 */
export function createS3Storage(options: S3StorageOptions): StoragePort {
  const { bucket, prefix } = parseS3Url(options.url);
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: several S3-compatible services reject the newer
    // default trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string): string => {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return prefix + key;
  };
  const contentType = (key: string) =>
    key.endsWith('.mp3') ? 'audio/mpeg' : 'application/octet-stream';

  const port: StoragePort = {
    location: `s3://${bucket}/${prefix}`,
    async openWriter(key): Promise<StorageWriter> {
      const body = new PassThrough();
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: body, ContentType: contentType(key) },
        partSize: PART_BYTES,
        queueSize: 2,
        leavePartsOnError: false,
      });
      const done = upload.done();
      // Observed by end() or abort(); an upload failing before either must not crash the process.
      done.catch(() => undefined);
      let bytes = 0;
      return {
        write(chunk) {
          bytes += chunk.length;
          // The Upload reads the body as it sends parts: while both parts are in flight it stops
          // reading, the body fills, and the writer waits here.
          return body.write(chunk) ? Promise.resolve() : drained(body, done);
        },
        async end() {
          body.end();
          await done;
          return { bytes };
        },
        async abort() {
          await upload.abort().catch(() => undefined);
          body.destroy();
          await done.catch(() => undefined);
        },
      };
    },
    async stat(key) {
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
        );
        return { size: head.ContentLength ?? 0 };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async read(key, range) {
      try {
        const got = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        const body = got.Body as Readable;
        const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(got.ContentRange ?? '');
        const size = served ? Number(served[3]) : (got.ContentLength ?? 0);
        if (!range) return { stream: body, size };
        // A service that answered more than the Range asked for (s3rver sends the whole object
        // for bytes=0-0) has the extra bytes cut from the stream as it passes.
        const from = served ? Number(served[1]) : 0;
        const to = served ? Number(served[2]) : size - 1;
        if (from === range.start && to === range.end) return { stream: body, size };
        return { stream: cut(body, range.start - from, range.end - from), size };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async *list(listPrefix) {
      const pages = paginateListObjectsV2(
        { client, pageSize: 1000 },
        { Bucket: bucket, Prefix: prefix + listPrefix },
      );
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield {
            key: object.Key.slice(prefix.length),
            size: object.Size ?? 0,
            modifiedAt: object.LastModified ?? new Date(0),
          };
        }
      }
    },
    close() {
      client.destroy();
    },
  };
  const seconds = options.presignSeconds;
  if (seconds !== null) {
    port.downloadUrl = (key, { fileName }) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          ResponseContentType: contentType(key),
          ResponseContentDisposition: fileName ? `attachment; filename="${fileName}"` : undefined,
        }),
        { expiresIn: seconds },
      );
  }
  return port;
}

/** Only bytes [start, end] of `body`; the body is closed once they have passed. */
function cut(body: Readable, start: number, end: number): Readable {
  let at = 0;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(start - at, 0);
      const to = Math.min(end + 1 - at, chunk.length);
      at += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      if (at > end) this.push(null);
      done();
    },
  });
  body.on('error', (e) => out.destroy(e));
  out.on('close', () => body.destroy());
  out.on('end', () => body.destroy());
  return body.pipe(out);
}

function isMissing(e: unknown): boolean {
  return (
    e instanceof S3ServiceException &&
    (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata.httpStatusCode === 404)
  );
}
