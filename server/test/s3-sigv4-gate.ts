/**
 * Test helper: a loopback front for s3rver that checks presigned (query-string) SigV4 URLs the
 * way S3 and MinIO do, because s3rver accepts any version-4 signature without checking it.
 * Written from the SigV4 rules with node:crypto, not with the SDK, so the SDK is not marking
 * its own homework. Requests it accepts are passed on to s3rver unchanged.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256 = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex');
/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The reason the request fails verification, or null when the signature holds. */
function checkPresigned(request: http.IncomingMessage, secretAccessKey: string): string | null {
  const [rawPath, rawQuery = ''] = (request.url ?? '/').split('?', 2);
  const params = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=', 2).map((part) => decodeURIComponent(part.replace(/\+/g, '%20'))) as [string, string?]);
  const query = new Map(params.map(([name, value]) => [name, value ?? '']));
  const signature = query.get('X-Amz-Signature');
  const amzDate = query.get('X-Amz-Date');
  const credential = query.get('X-Amz-Credential');
  const signedHeaders = query.get('X-Amz-SignedHeaders');
  const expires = Number(query.get('X-Amz-Expires'));
  if (!signature || !amzDate || !credential || !signedHeaders) return 'not a presigned URL';

  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!(Date.now() <= signedAt + expires * 1000)) return 'expired';

  const [, ...scopeParts] = credential.split('/');
  const [date, region, service] = scopeParts;
  const canonicalQuery = params
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${encode(name)}=${encode(value ?? '')}`)
    .sort()
    .join('&');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scopeParts.join('/'), sha256(canonicalRequest)].join('\n');
  const key = ['aws4_request'].reduce((k, part) => hmac(k, part), hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service));
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? null : 'signature does not match';
}

/** Starts the gate on 127.0.0.1 in front of `upstreamPort`; returns its port and a closer. */
export async function startSigV4Gate(upstreamPort: number, secretAccessKey: string): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const problem = checkPresigned(request, secretAccessKey);
    if (problem) {
      request.resume();
      response.writeHead(403, { 'content-type': 'text/plain' }).end(problem);
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: upstreamPort, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
