/**
 * Reading an evidence snapshot (server/modules/reports/evidence.ts, version 1): the pair's
 * messages, the reported profile's fields and the photo hashes. A snapshot is stored JSON that
 * outlives the code that wrote it, so every part is read defensively: what is missing or of
 * another shape is left out, never thrown on. Pure (snapshot.test.ts).
 */

export interface SnapshotMessage {
  id: number | null;
  /** Who wrote it, as the pair is known to the moderator. */
  from: 'reporter' | 'reported' | 'unknown';
  text: string | null;
  hasPhoto: boolean;
  createdAt: string | null;
  /** One of the messages the reporter named in the report. */
  named: boolean;
}

export interface SnapshotPhoto {
  slot: string;
  sha256: string | null;
  bytes: number | null;
}

export interface ReadSnapshot {
  takenAt: string | null;
  filing: { category: string | null; note: string | null };
  messages: SnapshotMessage[];
  /** The reported member's profile fields as filed, blank ones left out, in a stable order. */
  profile: Array<[field: string, value: string]>;
  photos: SnapshotPhoto[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectAt = (value: unknown): Json => (isObject(value) ? value : {});
const stringOr = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const numberOr = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const listAt = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** Profile columns that say nothing a moderator judges by (ids and bookkeeping) or are shown elsewhere. */
const HIDDEN_PROFILE_FIELDS = new Set(['id', 'user_id', 'photo1_url', 'photo2_url', 'photo3_url', 'photo4_url', 'photo5_url']);

/** A profile value as one line of text: lists joined, objects as JSON, blanks dropped. */
function fieldText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? null : value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function profileFields(profile: Json): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  for (const field of Object.keys(profile).sort()) {
    if (HIDDEN_PROFILE_FIELDS.has(field)) continue;
    const text = fieldText(profile[field]);
    if (text !== null) fields.push([field, text]);
  }
  return fields;
}

export function readSnapshot(snapshot: unknown): ReadSnapshot {
  const root = objectAt(snapshot);
  const reporterProfile = numberOr(objectAt(root.reporter).profile_id);
  const reportedProfile = numberOr(objectAt(root.reported).profile_id);
  const filing = objectAt(root.filing);
  const named = new Set(Array.isArray(filing.message_ids) ? filing.message_ids.filter((id) => typeof id === 'number') : []);
  const messages = listAt(root.messages).map((m): SnapshotMessage => {
    const author = numberOr(m.from_profile_id);
    const id = numberOr(m.id);
    return {
      id,
      from:
        author !== null && author === reporterProfile ? 'reporter' : author !== null && author === reportedProfile ? 'reported' : 'unknown',
      text: stringOr(m.text),
      hasPhoto: typeof m.photo_ref === 'string' && m.photo_ref !== '',
      createdAt: stringOr(m.created_at),
      named: id !== null && named.has(id),
    };
  });
  const photos = listAt(root.photos).map((p) => ({ slot: stringOr(p.slot) ?? '', sha256: stringOr(p.sha256), bytes: numberOr(p.bytes) }));
  return {
    takenAt: stringOr(root.taken_at),
    filing: { category: stringOr(filing.category), note: stringOr(filing.note) },
    messages,
    profile: profileFields(objectAt(root.profile)),
    photos,
  };
}

/** A profile column as a label: 'date_of_birth' -> 'Date of birth'. */
export function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Who wrote a message, as the evidence list says it. */
export function authorText(from: SnapshotMessage['from'], names: { reporter: string; reported: string }): string {
  if (from === 'reporter') return `${names.reporter} (reporter)`;
  if (from === 'reported') return `${names.reported} (reported)`;
  return 'Unknown sender';
}
