/**
 * The moderation module's public entry: the report state machine (the one place a report's
 * state changes), the decisions and the queue, for callers other than the routes.
 */
export { claimReport, type Decision, decideReport } from './moderation.service.ts';
export { isLowWeight, recommendedResolution, SUSPENSION_DAYS } from './moderation.rules.ts';
export { readQueue, readReport } from './queue.service.ts';
export { nextState, REPORT_ACTIONS, type ReportAction, type ReportState, TRANSITIONS } from './state-machine.ts';
export { type AppealOutcome, decideAppeal, fileAppeal } from './appeals.service.ts';
export { issueStatement, mailStatement, readStatements, STATEMENT_ISSUED_SUBJECT } from './statements.service.ts';
