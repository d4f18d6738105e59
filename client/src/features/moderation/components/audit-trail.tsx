import type { AuditEntry, ReportDetail } from '../api/types.ts';
import { actorName, auditLabel, resolutionLabel, stateLabel, timeText } from '../hooks/moderation-text.ts';

/** Every transition of the report, oldest first, with who made it and, for an action, the reason given. */
export function AuditTrail({ report, viewerId }: { report: ReportDetail; viewerId?: number }) {
  return (
    <section className="mod-section" aria-labelledby="mod-audit-title">
      <h2 id="mod-audit-title">Audit trail</h2>
      {report.history.length === 0 ? (
        <p>Nothing recorded yet.</p>
      ) : (
        <ol className="mod-audit">
          {report.history.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <p>
                <strong>{auditLabel(entry.action)}</strong> by {actorName(entry, report, viewerId)}, {timeText(entry.at)}
                {entry.from_state && entry.to_state ? ` (${stateLabel(entry.from_state)} to ${stateLabel(entry.to_state)})` : ''}
              </p>
              <AuditDetail entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function AuditDetail({ entry }: { entry: AuditEntry }) {
  const { resolution, reason } = entry.detail;
  if (typeof resolution !== 'string' && typeof reason !== 'string') return null;
  return (
    <p className="mod-prose">
      {typeof resolution === 'string' ? `${resolutionLabel(resolution)}. ` : ''}
      {typeof reason === 'string' ? `Reason: ${reason}` : ''}
    </p>
  );
}
