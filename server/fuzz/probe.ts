/**
 * Sends one fuzzed request through `app.inject` and judges the answer. A request is described
 * as data (`FuzzRequest`), so the same description is what a failure report prints and what a
 * reader replays by hand.
 *
 * Judged after every request: no 5xx (except the one documented 501), JSON from every /api/v1
 * answer, an answer within a few seconds, and no new property on Object, Object.prototype or
 * Array.prototype. A polluted prototype is cleaned up after it is recorded, so one poisoning does
 * not turn every later answer into noise.
 */
import { validateHeaderValue } from 'node:http';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { toJsonText } from '../test/hostile-values.ts';
import type { Operation } from './operations.ts';
import type { World } from './world.ts';

export type Caller =
  | { kind: 'member' }
  | { kind: 'anonymous' }
  /** The member's token in a slightly wrong frame (lower-case scheme, extra text...). */
  | { kind: 'twisted'; twist: string }
  | { kind: 'header'; name: string; value: string | undefined };

export type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };

export interface FuzzRequest {
  op: Operation;
  /** Where the hostility is, for the report ("path id = text 1e400", "random #12"). */
  label: string;
  caller: Caller;
  pathValues: Record<string, string>;
  /** `component` percent-encodes everything; `loose` leaves `/ ? % . [ ]` as they are. */
  encoding: 'component' | 'loose';
  query: Array<[string, string]>;
  body: Body;
  /** undefined: application/json for JSON bodies; null: no content-type header at all. */
  contentType?: string | null;
  forwardedFor?: string;
}

export const TWISTS: Record<string, (token: string) => string> = {
  'lower-case scheme': (token) => `token ${token}`,
  'two spaces': (token) => `Token  ${token}`,
  'trailing text': (token) => `Token ${token} extra`,
  'token with a tail': (token) => `Token ${token}x`,
  'token cut short': (token) => `Token ${token.slice(0, -2)}`,
  'scheme only, token as Bearer': (token) => `Bearer ${token}`,
};

/** Operations that end the caller's session: they run as throwaway accounts instead. */
export const SESSION_ENDING = new Set(['POST /api/v1/signout/', 'POST /api/v1/profile/delete/']);

/** Routes that hide from everyone but moderators: fuzzed as the world's moderator, so their code is reached. */
const MODERATORS_ONLY = /^\/api\/v1\/moderation\//;

/** The one documented 5xx: biometric reset is not offered. */
/**
 * Operations that may leave the caller's own profile incomplete (a fuzzed save, photo 1 deleted):
 * the caller is restored after each success, or every route that needs a complete profile would
 * answer 403 for the rest of the run and its deeper code would never be reached.
 */
const CHANGES_CALLER_PROFILE = new Set(['PATCH /api/v1/profile_update/', 'DELETE /api/v1/profile/photo/{index}/delete/']);

const DOCUMENTED_5XX = new Map([['POST /api/v1/reset-password-biometric/', 501]]);

const ANSWER_TIMEOUT_MS = 15_000;

/** UTF-8 percent-encoding that also writes half surrogate pairs (as their three WTF-8 bytes). */
export function percentEncode(text: string, keep: RegExp | null = null): string {
  let out = '';
  for (const char of text) {
    if (keep?.test(char) || /[A-Za-z0-9\-_.~]/.test(char)) {
      out += char;
      continue;
    }
    const code = char.codePointAt(0) as number;
    const bytes =
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        : [...Buffer.from(char, 'utf8')];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

const LOOSE = /[/?%.[\]]/;

export function urlOf(request: FuzzRequest): string {
  const keep = request.encoding === 'loose' ? LOOSE : null;
  let path = request.op.path;
  for (const param of request.op.pathParams) {
    path = path.replace(`{${param.name}}`, percentEncode(request.pathValues[param.name] ?? '1', keep));
  }
  if (request.query.length === 0) return path;
  const query = request.query.map(([key, value]) => `${percentEncode(key, keep)}=${percentEncode(value, keep)}`).join('&');
  return `${path}?${query}`;
}

/** What an HTTP client can put on the wire for a header: raw bytes, no control characters. */
export function wireHeader(value: string): string {
  try {
    validateHeaderValue('x', value);
    return value;
  } catch {
    return (
      Buffer.from(value, 'utf8')
        .toString('latin1')
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '?')
    );
  }
}

/** Where the app writes its log (error level and up): read to say why a request failed. */
export class LogTap {
  lines: string[] = [];
  write(line: string) {
    this.lines.push(line);
  }
}

export interface Failure {
  /** Groups repeats of one fault: operation, status and what the server logged. */
  signature: string;
  request: string;
  answer: string;
}

const clip = (text: string, max = 400) => (text.length > max ? `${text.slice(0, max)}... (${text.length} chars)` : text);

interface PrototypeSnapshot {
  object: string[];
  objectPrototype: string[];
  arrayPrototype: string[];
}

export function prototypeSnapshot(): PrototypeSnapshot {
  return {
    object: Object.getOwnPropertyNames(Object),
    objectPrototype: Object.getOwnPropertyNames(Object.prototype),
    arrayPrototype: Object.getOwnPropertyNames(Array.prototype),
  };
}

export class Prober {
  readonly statuses = new Map<number, number>();
  readonly failures: Failure[] = [];
  /** Milliseconds spent per operation, to see where the time budget goes. */
  readonly millisByOperation = new Map<string, number>();
  sent = 0;
  private readonly baseline = prototypeSnapshot();

  private readonly app: FastifyInstance;
  private readonly world: World;
  private readonly log: LogTap;
  constructor(app: FastifyInstance, world: World, log: LogTap) {
    this.app = app;
    this.world = world;
    this.log = log;
  }

  describe(request: FuzzRequest, headers: Record<string, string>, payload: string | undefined): string {
    const { caller } = request;
    const memberToken =
      caller.kind === 'member' ? 'Token <member token>' : caller.kind === 'twisted' ? `<member token, ${caller.twist}>` : null;
    const shownHeaders = Object.entries(headers)
      .map(([name, value]) => `${name}: ${name === 'authorization' && memberToken ? memberToken : clip(value, 80)}`)
      .join('; ');
    return `${request.op.method} ${clip(urlOf(request), 300)} [${request.label}]${shownHeaders ? ` headers {${shownHeaders}}` : ''}${
      payload === undefined ? '' : ` body ${clip(JSON.stringify(payload), 300)}`
    }`;
  }

  private async headersFor(request: FuzzRequest): Promise<Record<string, string>> {
    const headers: Record<string, string> = {};
    const { caller } = request;
    const token = async () =>
      SESSION_ENDING.has(request.op.key)
        ? this.world.throwawayToken()
        : MODERATORS_ONLY.test(request.op.path)
          ? this.world.moderator.token
          : this.world.caller.token;
    if (caller.kind === 'member') headers.authorization = `Token ${await token()}`;
    else if (caller.kind === 'twisted') headers.authorization = TWISTS[caller.twist](await token());
    else if (caller.kind === 'header' && caller.value !== undefined) headers[caller.name] = caller.value;
    if (request.forwardedFor !== undefined) headers['x-forwarded-for'] = request.forwardedFor;
    const contentType =
      request.contentType === undefined ? (request.body.kind === 'none' ? undefined : 'application/json') : request.contentType;
    if (contentType !== undefined && contentType !== null) headers['content-type'] = contentType;
    for (const name of Object.keys(headers)) headers[name] = wireHeader(headers[name]);
    return headers;
  }

  /** Sends the request; returns the failure it revealed, if any (also kept in `failures`). */
  async send(request: FuzzRequest): Promise<Failure | null> {
    const headers = await this.headersFor(request);
    const payload =
      request.body.kind === 'json' ? toJsonText(request.body.value) : request.body.kind === 'raw' ? request.body.text : undefined;
    const url = urlOf(request);
    const options: InjectOptions = { method: request.op.method, url, headers, ...(payload === undefined ? {} : { payload }) };
    this.log.lines = [];
    this.sent++;
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    let status: number;
    let answer: string;
    let problem: string | null = null;
    try {
      const response = await Promise.race([
        this.app.inject(options),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)), ANSWER_TIMEOUT_MS);
        }),
      ]);
      status = response.statusCode;
      answer = `${status} ${clip(response.body, 300)}`;
      const documented = DOCUMENTED_5XX.get(request.op.key);
      if (status >= 500 && status !== documented) problem = `${status}`;
      // Judged by the path that arrived: dot segments (`/api/v1/profile/../../x`) are resolved on the way.
      else if (
        new URL(url, 'http://fuzz.invalid').pathname.startsWith('/api/v1') &&
        !isJson(response.headers['content-type'], response.body)
      ) {
        problem = `${status} not JSON (${String(response.headers['content-type'])})`;
      }
      this.afterSuccess(request, status, headers);
    } catch (error) {
      status = 0;
      answer = `threw ${(error as Error).message}`;
      problem = 'inject threw';
    } finally {
      clearTimeout(timer);
    }
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    const key = request.op.key;
    this.millisByOperation.set(key, (this.millisByOperation.get(key) ?? 0) + performance.now() - started);
    const polluted = this.pollution();
    if (polluted) problem = problem ? `${problem}; ${polluted}` : polluted;
    // Whoever it was sent as: a twisted Authorization header may still be the caller's (`token <jwt>`).
    if (status >= 200 && status < 300 && CHANGES_CALLER_PROFILE.has(request.op.key)) await this.world.restoreCaller();
    if (!problem) return null;
    const failure: Failure = {
      signature: `${request.op.key} -> ${problem}${this.loggedError()}`,
      request: this.describe(request, headers, payload),
      answer,
    };
    this.failures.push(failure);
    return failure;
  }

  private afterSuccess(request: FuzzRequest, status: number, headers: Record<string, string>) {
    if (status >= 300 || !SESSION_ENDING.has(request.op.key)) return;
    const token = headers.authorization?.split(/\s+/)[1];
    if (token) this.world.spend(token);
  }

  /**
   * The first error the app logged for this request, as " (Type at file:line: cause)". A failed
   * query is named by the database's complaint, not by its text, so repeats group together.
   */
  private loggedError(): string {
    for (const line of this.log.lines) {
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { type?: string; message?: string; stack?: string } };
        if ((entry.level ?? 0) < 50) continue;
        const stack = entry.err?.stack ?? '';
        const cause = /caused by: ([^\n]+)/.exec(stack)?.[1];
        const frame = /\((?:[^()]*\/)?(server\/[^()]*?\.ts):(\d+):\d+\)/.exec(stack);
        const where = frame ? ` at ${frame[1]}:${frame[2]}` : '';
        const message = cause ?? entry.err?.message ?? entry.msg ?? '';
        return ` (logged ${entry.err?.type ?? 'error'}${where}: ${clip(message, 200)})`;
      } catch {}
    }
    return '';
  }

  /** Names added to the watched built-ins since the start, removed again once noticed. */
  private pollution(): string | null {
    const now = prototypeSnapshot();
    const added: string[] = [];
    const targets = { object: Object, objectPrototype: Object.prototype, arrayPrototype: Array.prototype } as const;
    for (const part of Object.keys(targets) as Array<keyof typeof targets>) {
      for (const name of now[part]) {
        if (this.baseline[part].includes(name)) continue;
        added.push(`${part}.${name}`);
        delete (targets[part] as unknown as Record<string, unknown>)[name];
      }
    }
    if (({} as Record<string, unknown>).min !== undefined) added.push('({}).min');
    return added.length > 0 ? `prototype polluted: ${added.join(', ')}` : null;
  }
}

function isJson(contentType: string | string[] | number | undefined, body: string): boolean {
  if (typeof contentType !== 'string' || !/^application\/json\b/i.test(contentType)) return false;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}
