import type { EvidenceSnapshot, ReportDetail } from '../api/types.ts';
import { memberName, timeText } from '../hooks/moderation-text.ts';
import { authorText, fieldLabel, readSnapshot } from '../hooks/snapshot.ts';

/** Every snapshot of the report (the filing's, then any added by a later report of the pair). */
export function EvidenceSection({ report }: { report: ReportDetail }) {
  const names = { reporter: memberName(report.reporter.username), reported: memberName(report.reported.username) };
  return (
    <section className="mod-section" aria-labelledby="mod-evidence-title">
      <h2 id="mod-evidence-title">Evidence</h2>
      {report.evidence_snapshots.length === 0 ? <p>No evidence was kept with this report.</p> : null}
      {report.evidence_snapshots.map((snapshot, index) => (
        <Snapshot key={`${snapshot.sha256}-${index}`} snapshot={snapshot} index={index} names={names} />
      ))}
    </section>
  );
}

function Snapshot({
  snapshot,
  index,
  names,
}: {
  snapshot: EvidenceSnapshot;
  index: number;
  names: { reporter: string; reported: string };
}) {
  const read = readSnapshot(snapshot.snapshot);
  const titleId = `mod-snapshot-${index}`;
  return (
    <section className="mod-snapshot" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {snapshot.kind === 'filed' ? 'As filed' : 'Added later'}, {timeText(read.takenAt ?? snapshot.created_at)}
      </h3>
      <p className="mod-hash">
        Snapshot sha256: <code>{snapshot.sha256}</code>
      </p>

      <h4>Messages of the pair</h4>
      {read.messages.length === 0 ? (
        <p>No messages: they had no chat.</p>
      ) : (
        <ol className="mod-messages">
          {read.messages.map((message, i) => (
            <li key={message.id ?? `m${i}`} className={message.named ? 'mod-message-row is-named' : 'mod-message-row'}>
              <p className="mod-message-meta">
                {authorText(message.from, names)}, {timeText(message.createdAt)}
                {message.named ? <strong> (named in the report)</strong> : null}
              </p>
              <p className="mod-prose">
                {message.text ?? ''}
                {message.hasPhoto ? <em>{message.text ? ' ' : ''}[photo]</em> : null}
              </p>
            </li>
          ))}
        </ol>
      )}

      <h4>Reported profile</h4>
      {read.profile.length === 0 ? (
        <p>No profile was kept.</p>
      ) : (
        <dl className="mod-facts mod-profile">
          {read.profile.map(([field, value]) => (
            <div key={field}>
              <dt>{fieldLabel(field)}</dt>
              <dd className="mod-prose">{value}</dd>
            </div>
          ))}
        </dl>
      )}

      <h4>Photo hashes</h4>
      {read.photos.length === 0 ? (
        <p>No photos.</p>
      ) : (
        <ul className="mod-photos">
          {read.photos.map((photo) => (
            <li key={photo.slot}>
              {fieldLabel(photo.slot.replace(/_url$/, ''))}: {photo.sha256 ? <code>{photo.sha256}</code> : 'not stored'}
              {photo.bytes !== null ? ` (${photo.bytes} bytes)` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
