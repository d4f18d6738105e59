import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import type { ReportDetail, Strike } from '../api/types.ts';
import { categoryLabel, memberName, resolutionLabel, stateLabel, strikesText, timeText } from '../hooks/moderation-text.ts';
import { LowWeightMark } from './marks.tsx';

/** The reported member: restrictions in force, every strike (voided ones struck through), other reports. */
export function ReportedRecord({ report }: { report: ReportDetail }) {
  const { reported } = report;
  return (
    <section className="mod-section" aria-labelledby="mod-reported-title">
      <h2 id="mod-reported-title">Reported member: {memberName(reported.username)}</h2>
      <dl className="mod-facts">
        <div>
          <dt>Strikes</dt>
          <dd>{strikesText(reported.live_strikes)}</dd>
        </div>
        <div>
          <dt>Suspended until</dt>
          <dd>{reported.suspended_until ? timeText(reported.suspended_until) : 'Not suspended'}</dd>
        </div>
        <div>
          <dt>Banned</dt>
          <dd>{reported.banned_at ? `Since ${timeText(reported.banned_at)}` : 'No'}</dd>
        </div>
        <div>
          <dt>Other reports</dt>
          <dd>{reported.other_reports}</dd>
        </div>
      </dl>
      {reported.strikes.length > 0 ? (
        <>
          <h3>Strike history</h3>
          <ul className="mod-strikes">
            {reported.strikes.map((strike) => (
              <StrikeRow key={strike.id} strike={strike} />
            ))}
          </ul>
        </>
      ) : null}
      {report.other_reports.length > 0 ? (
        <>
          <h3>Their other reports</h3>
          <ul className="mod-others">
            {report.other_reports.map((other) => (
              <li key={other.id}>
                <Link to={paths.moderationReport(other.id)}>
                  Report {other.id}: {categoryLabel(other.category)}
                </Link>
                , {stateLabel(other.state).toLowerCase()}
                {other.resolution ? ` (${resolutionLabel(other.resolution)})` : ''}, filed {timeText(other.created_at)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** A voided strike stays in the record, struck through and said to be voided (a line is not read out). */
function StrikeRow({ strike }: { strike: Strike }) {
  const text = `${resolutionLabel(strike.resolution)}, ${timeText(strike.created_at)}, report ${strike.report_id}`;
  if (strike.voided_at === null) return <li>{text}</li>;
  return (
    <li className="mod-strike-voided">
      <s>{text}</s> (voided {timeText(strike.voided_at)})
    </li>
  );
}

/** The reporter: how their decided reports went, and whether their reports weigh less. */
export function ReporterRecord({ report }: { report: ReportDetail }) {
  const { reporter } = report;
  return (
    <section className="mod-section" aria-labelledby="mod-reporter-title">
      <h2 id="mod-reporter-title">
        Reporter: {memberName(reporter.username)}
        {reporter.low_weight ? <LowWeightMark /> : null}
      </h2>
      <dl className="mod-facts">
        <div>
          <dt>Reports decided</dt>
          <dd>{reporter.resolved}</dd>
        </div>
        <div>
          <dt>Of those, dismissed</dt>
          <dd>{reporter.dismissed}</dd>
        </div>
      </dl>
    </section>
  );
}
