/**
 * The moderation answers as the client reads them: the shapes of
 * server/modules/moderation/moderation.schemas.ts (QueueResponse, ReportResponse), written out
 * here because features may import only the shared contract from the server.
 */
import type { ReportCategory, Resolution } from '@contract/reports.ts';

export type ReportState = 'open' | 'in_review' | 'actioned' | 'dismissed' | 'appealed' | 'upheld' | 'overturned';

export interface Strike {
  id: number;
  report_id: number;
  resolution: Resolution;
  created_at: string;
  voided_at: string | null;
}

export interface QueueItem {
  id: number;
  category: ReportCategory;
  critical: boolean;
  note: string | null;
  state: ReportState;
  resolution: Resolution | null;
  created_at: string;
  age_seconds: number;
  assignee: { user_id: number; username: string } | null;
  evidence: { sha256: string; snapshots: number; url: string };
  reported: {
    user_id: number | null;
    username: string | null;
    other_reports: number;
    live_strikes: number;
    strikes: Strike[];
    suspended_until: string | null;
    banned_at: string | null;
  };
  reporter: {
    user_id: number | null;
    username: string | null;
    resolved: number;
    dismissed: number;
    low_weight: boolean;
  };
  recommended: Resolution;
}

export interface QueuePage {
  items: QueueItem[];
  next_cursor: number | null;
}

export interface EvidenceSnapshot {
  kind: string;
  sha256: string;
  created_at: string;
  /** The evidence as filed; read through hooks/snapshot.ts, which tolerates any shape. */
  snapshot: Record<string, unknown>;
}

export interface OtherReport {
  id: number;
  category: string;
  state: string;
  resolution: string | null;
  created_at: string;
}

export interface AuditEntry {
  at: string;
  actor_id: number | null;
  action: string;
  from_state: string | null;
  to_state: string | null;
  detail: Record<string, unknown>;
}

/** The member's appeal against the report's decision, in their own words. */
export interface Appeal {
  text: string;
  created_at: string;
  outcome: string | null;
  decided_at: string | null;
}

export interface ReportDetail extends QueueItem {
  evidence_snapshots: EvidenceSnapshot[];
  other_reports: OtherReport[];
  history: AuditEntry[];
  /** Absent from a server older than the field: read as null. */
  appeal?: Appeal | null;
}

/** The body of a decision: a dismissal, or an action with its resolution and reason. */
export type DecideBody = { action: 'dismiss' } | { action: 'act'; resolution: Resolution; reason: string };

export type AppealOutcome = 'uphold' | 'overturn';

/** The body of an appeal's decision (POST /moderation/reports/:id/appeal/). */
export interface AppealBody {
  outcome: AppealOutcome;
  reason: string;
}

/** An account in the face queue (face-review.schemas.ts, FaceQueueResponse). */
export interface FaceAccount {
  user_id: number;
  username: string | null;
  photo1_url: string | null;
}

export interface FaceItem extends FaceAccount {
  /** The account whose verified face this one matched; null once that account is gone. */
  matched: FaceAccount | null;
  created_at: string;
  age_seconds: number;
}

export interface FacePage {
  items: FaceItem[];
  next_cursor: number | null;
}

export type FaceOutcome = 'distinct' | 'same_person';

export interface FaceDecisionBody {
  outcome: FaceOutcome;
  reason: string;
}
