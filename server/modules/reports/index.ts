/**
 * The reports module's public entry: filing a report (for callers other than the route, e.g. a
 * script), the moderator role change the command line makes, and the evidence hash so a reader
 * can check a stored snapshot.
 */
export { canonicalJson, evidenceHash } from './evidence.ts';
export { changeModeratorRole, MODERATOR_USAGE, moderatorCommand, type RoleChange, UnknownUserError } from './moderators.ts';
export { fileReport } from './reports.service.ts';
export { type AuditEntry, insertAuditEntry } from './reports.queries.ts';
export { REPORT_MESSAGES } from './reports.rules.ts';
