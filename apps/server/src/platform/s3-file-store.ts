import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import aws4 from 'aws4';
import type { FileStore } from './files';

export type S3Settings = {
  /** The service's base URL, e.g. https://s3.ap-south-1.amazonaws.com or http://minio:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` (MinIO and most self-hosted stores) instead of `https://bucket.host/key`. */
  forcePathStyle: boolean;
};

/**
 * Files in an S3-compatible object store, signed with AWS Signature V4 over plain fetch (no SDK:
 * three calls are all we need). Keys are the same server-made keys as on disk.
 */
export class S3FileStore implements FileStore {
  private readonly base: URL;

  constructor(private readonly settings: S3Settings) {
    this.base = new URL(settings.endpoint);
  }

  private urlOf(key: string): URL {
    if (!/^[\w/-]+$/.test(key)) throw new Error(`invalid storage key: ${key}`);
    const url = new URL(this.base.toString());
    const prefix = url.pathname.replace(/\/+$/, '');
    if (this.settings.forcePathStyle) {
      url.pathname = `${prefix}/${this.settings.bucket}/${key}`;
    } else {
      url.hostname = `${this.settings.bucket}.${url.hostname}`;
      url.pathname = `${prefix}/${key}`;
    }
    return url;
  }

  private async send(
    method: 'GET' | 'HEAD' | 'PUT' | 'DELETE',
    key: string,
    body?: Buffer,
  ): Promise<Response> {
    const url = this.urlOf(key);
    const headers: Record<string, string> = {};
    if (body) {
      headers['content-type'] = 'application/octet-stream';
      headers['content-length'] = String(body.length);
    }
    const signed = aws4.sign(
      {
        host: url.host,
        path: url.pathname,
        method,
        service: 's3',
        region: this.settings.region,
        headers,
        body,
      },
      { accessKeyId: this.settings.accessKeyId, secretAccessKey: this.settings.secretAccessKey },
    );
    return fetch(url, {
      method,
      headers: signed.headers as Record<string, string>,
      body: body ? new Uint8Array(body) : undefined,
    });
  }

  async put(key: string, data: Buffer): Promise<void> {
    // Keys are random, so a clash means a bug; refuse it rather than overwrite a document.
    const existing = await this.send('HEAD', key);
    if (existing.ok) throw new Error(`storage key already holds a file: ${key}`);
    const response = await this.send('PUT', key, data);
    if (!response.ok) throw new Error(`S3 PUT ${key} failed: ${response.status} ${await response.text()}`);
  }

  async open(key: string): Promise<Readable | null> {
    const response = await this.send('GET', key);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok || !response.body) throw new Error(`S3 GET ${key} failed: ${response.status}`);
    return Readable.fromWeb(response.body as unknown as WebReadableStream);
  }

  async remove(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (!response.ok && response.status !== 404)
      throw new Error(`S3 DELETE ${key} failed: ${response.status}`);
  }
}
