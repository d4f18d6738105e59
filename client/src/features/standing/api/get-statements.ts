import useSWR from 'swr';
import type { StatementKind } from '@contract/restrictions.ts';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/** The restriction in force now: a suspension with its end, or a ban with its start. */
export interface Restriction {
  kind: 'suspended' | 'banned';
  until: string | null;
  since: string | null;
}

export type AppealState = 'none' | 'pending' | 'upheld' | 'overturned';

/** One statement of reasons, as GET /statements/ answers it (server/modules/moderation/statements.schemas.ts). */
export interface Statement {
  id: number;
  kind: StatementKind;
  resolution: string;
  category: string;
  category_label: string;
  decision: string;
  facts: string;
  automated: boolean;
  restricted_until: string | null;
  appeal_until: string | null;
  how_to_appeal: string;
  can_appeal: boolean;
  appeal: AppealState;
  created_at: string;
}

export interface StatementsAnswer {
  restriction: Restriction | null;
  statements: Statement[];
}

/** The screen shows its own error state, so the shared error toast is off. */
export const getStatements = () => api.get<StatementsAnswer>(apiPaths.statements, { toastErrors: false });

export function useStatements() {
  // Read again when the member comes back to the tab: a suspension may have ended meanwhile, and
  // only a new answer says so (the app turns focus revalidation off everywhere else).
  return useSWR<StatementsAnswer>(apiPaths.statements, getStatements, { revalidateOnFocus: true });
}
