/**
 * The moderator role: granted and revoked from the command line (`npm run moderator`), each
 * change written to the moderation audit (actor null: the command line).
 */
import type { Db } from '../../kernel/db/client.ts';
import type { UserRole } from '../../kernel/db/schema/index.ts';
import * as queries from './reports.queries.ts';

export type RoleChange = 'grant' | 'revoke';

export interface RoleChangeResult {
  username: string;
  userId: number;
  role: UserRole;
  /** false when the member already had that role (still audited, as an attempt). */
  changed: boolean;
}

export class UnknownUserError extends Error {
  readonly username: string;
  constructor(username: string) {
    super(`No member is called "${username}".`);
    this.username = username;
  }
}

export const MODERATOR_USAGE = 'Usage: npm run moderator -- grant <username> | revoke <username>';

/**
 * `npm run moderator -- grant|revoke <username>`: the one line to print and the exit code (0 done,
 * 1 unknown username or wrong arguments).
 */
export async function moderatorCommand(db: Db, args: readonly string[]): Promise<{ code: 0 | 1; line: string }> {
  const [change, username, ...rest] = args;
  if ((change !== 'grant' && change !== 'revoke') || !username || rest.length > 0) return { code: 1, line: MODERATOR_USAGE };
  try {
    const result = await changeModeratorRole(db, change, username);
    const line =
      change === 'grant'
        ? result.changed
          ? `${result.username} (user ${result.userId}) is now a moderator.`
          : `${result.username} (user ${result.userId}) was already a moderator.`
        : result.changed
          ? `${result.username} (user ${result.userId}) is no longer a moderator.`
          : `${result.username} (user ${result.userId}) was not a moderator.`;
    return { code: 0, line };
  } catch (error) {
    if (error instanceof UnknownUserError) return { code: 1, line: error.message };
    throw error;
  }
}

/** Grants or revokes the moderator role of `username` (case-insensitive), in one transaction with its audit row. */
export async function changeModeratorRole(db: Db, change: RoleChange, username: string): Promise<RoleChangeResult> {
  return db.transaction(async (tx) => {
    const user = await queries.findUserByUsername(tx, username);
    if (!user) throw new UnknownUserError(username);
    const role: UserRole = change === 'grant' ? 'moderator' : 'member';
    const changed = user.role !== role;
    if (changed) await queries.updateUserRole(tx, user.id, role);
    await queries.insertAuditEntry(tx, {
      actorId: null,
      subjectId: user.id,
      action: change === 'grant' ? 'role.granted' : 'role.revoked',
      fromState: user.role,
      toState: role,
      detail: { via: 'command line', changed },
    });
    return { username: user.username, userId: user.id, role, changed };
  });
}
