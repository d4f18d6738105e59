/**
 * Event contracts: one TypeBox schema per subject, named `<domain>.<past_tense>`. The producer
 * validates before the outbox insert (writeEvent) and every consumer validates again before its
 * handler runs, so a bad payload is refused at both ends instead of travelling.
 *
 * Evolving a contract: add optional fields only. Readers ignore fields they do not know (no
 * additionalProperties: false), so a producer can be deployed before its consumers.
 */
import { type Static, type TSchema, Type } from 'typebox';
import { Compile } from 'typebox/compile';

const Id = Type.Integer({ minimum: 1 });
const Timestamp = Type.String({ format: 'date-time' });
/** A member as events name them: the account (routing, sockets) and its profile (what the client opens). */
const MemberRef = Type.Object({ userId: Id, profileId: Id });

export const EVENT_CONTRACTS = {
  /** A like or a pass was recorded. `liked` false is a pass; absent means a like. */
  'likes.created': Type.Object({
    likeId: Id,
    liked: Type.Optional(Type.Boolean()),
    fromUserId: Id,
    fromProfileId: Id,
    toUserId: Id,
    toProfileId: Id,
    createdAt: Timestamp,
  }),
  /** A mutual like made a match; both members are told. */
  'matches.created': Type.Object({
    matchId: Id,
    members: Type.Tuple([MemberRef, MemberRef]),
    createdAt: Timestamp,
  }),
  /** A match ended: unlike, unmatch, a block or a deleted profile. Its chat goes with it. */
  'matches.removed': Type.Object({
    matchId: Id,
    members: Type.Tuple([MemberRef, MemberRef]),
    removedByUserId: Id,
    reason: Type.Union([Type.Literal('unlike'), Type.Literal('unmatch'), Type.Literal('block'), Type.Literal('deleted')]),
    removedAt: Timestamp,
  }),
  /** A member deleted their profile and account; handlers purge what they keep about them. */
  'profiles.deleted': Type.Object({
    userId: Id,
    profileId: Id,
    deletedAt: Timestamp,
  }),
  /** A file finished uploading and waits for moderation (and, for photo 1, the liveness check). */
  'photos.uploaded': Type.Object({
    uploadId: Type.String({ minLength: 1, maxLength: 100 }),
    userId: Id,
    purpose: Type.Union([Type.Literal('profile'), Type.Literal('chat')]),
    /** Profile photo slot 1..5; absent for chat photos. */
    slot: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
    livenessRequired: Type.Boolean(),
    storageKey: Type.String({ minLength: 1, maxLength: 500 }),
    contentType: Type.String({ minLength: 1, maxLength: 100 }),
    uploadedAt: Timestamp,
  }),
  /** Moderation or liveness moved an upload to a new state; the owner's client shows it. */
  'uploads.status_changed': Type.Object({
    uploadId: Type.String({ minLength: 1, maxLength: 100 }),
    userId: Id,
    /** The states the status route answers, so a push and a poll never disagree. */
    state: Type.Union([Type.Literal('pending_review'), Type.Literal('approved'), Type.Literal('rejected'), Type.Literal('error')]),
    rejectionReason: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    changedAt: Timestamp,
  }),
  /** A member sent the frames of a face scan; the face-liveness handler judges them. */
  'liveness.scan_submitted': Type.Object({
    scanId: Type.String({ minLength: 1, maxLength: 100 }),
    userId: Id,
    frameKeys: Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { minItems: 1, maxItems: 20 }),
    submittedAt: Timestamp,
  }),
  /** The payment provider confirmed a checkout; the credit-grants handler adds the credits once. */
  'payments.succeeded': Type.Object({
    paymentId: Type.String({ minLength: 1, maxLength: 200 }),
    userId: Id,
    packageId: Type.String({ minLength: 1, maxLength: 50 }),
    credits: Type.Integer({ minimum: 1 }),
    amountCents: Type.Integer({ minimum: 0 }),
    currency: Type.String({ pattern: '^[a-z]{3}$' }),
    succeededAt: Timestamp,
  }),
  /** A member's credit balance changed (purchase, unlock, refund, grant). */
  'credits.changed': Type.Object({
    userId: Id,
    delta: Type.Integer(),
    balance: Type.Integer({ minimum: 0 }),
    reason: Type.Union([Type.Literal('purchase'), Type.Literal('unlock'), Type.Literal('refund'), Type.Literal('grant')]),
    changedAt: Timestamp,
  }),
  /** A member spent a credit on a match's chat; it is open for both from now on. */
  'chat.unlocked': Type.Object({
    matchId: Id,
    unlockedByUserId: Id,
    members: Type.Tuple([MemberRef, MemberRef]),
    unlockedAt: Timestamp,
  }),
  /** A chat was locked again: ended by a member, or its unlock cancelled and refunded. */
  'chat.locked': Type.Object({
    matchId: Id,
    lockedByUserId: Id,
    members: Type.Tuple([MemberRef, MemberRef]),
    reason: Type.Union([Type.Literal('ended'), Type.Literal('refunded')]),
    lockedAt: Timestamp,
  }),
  /**
   * A chat message was stored. The text is not in the event (the outbox and the stream keep
   * events for days): the recipient's client fetches the chat through the HTTP route.
   */
  'chat.message_sent': Type.Object({
    messageId: Id,
    matchId: Id,
    fromUserId: Id,
    toUserId: Id,
    hasPhoto: Type.Boolean(),
    sentAt: Timestamp,
  }),
  /**
   * A statement of reasons was written (a moderator's decision, or an appeal's outcome); the
   * statement-mail handler emails it. The words are in the statement's row, not in the event.
   */
  'moderation.statement_issued': Type.Object({
    statementId: Id,
    userId: Id,
    kind: Type.Union([Type.Literal('decision'), Type.Literal('appeal_upheld'), Type.Literal('appeal_overturned')]),
    issuedAt: Timestamp,
  }),
} satisfies Record<string, TSchema>;

export type EventContracts = typeof EVENT_CONTRACTS;
export type EventSubject = keyof EventContracts;
export type EventPayload<S extends EventSubject> = Static<EventContracts[S]>;

/** An event as handlers see it: the outbox row id is its identity everywhere (JetStream msgID too). */
export interface EventEnvelope<S extends EventSubject = EventSubject> {
  id: number;
  subject: S;
  payload: EventPayload<S>;
  /** When the outbox row was written (ISO 8601). */
  occurredAt: string;
}

/** Envelope union for several subjects: switching on `subject` narrows `payload`. */
export type EventOf<S extends EventSubject> = S extends EventSubject ? EventEnvelope<S> : never;

export const EVENT_SUBJECTS = Object.keys(EVENT_CONTRACTS) as EventSubject[];

const validators = Object.fromEntries(EVENT_SUBJECTS.map((subject) => [subject, Compile(EVENT_CONTRACTS[subject] as TSchema)])) as Record<
  EventSubject,
  ReturnType<typeof Compile>
>;

export function isEventSubject(subject: string): subject is EventSubject {
  return Object.hasOwn(EVENT_CONTRACTS, subject);
}

/** Problems with a payload for its subject: empty when it is valid. */
export function eventPayloadProblems(subject: string, payload: unknown): string[] {
  if (!isEventSubject(subject)) return [`unknown event subject "${subject}"`];
  const validator = validators[subject];
  if (validator.Check(payload)) return [];
  return validator.Errors(payload).map((error) => `${error.instancePath || '/'} ${error.message}`);
}

export class InvalidEventError extends Error {
  readonly subject: string;
  readonly problems: string[];
  constructor(subject: string, problems: string[]) {
    super(`invalid ${subject} event: ${problems.join('; ')}`);
    this.subject = subject;
    this.problems = problems;
    this.name = 'InvalidEventError';
  }
}
