import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import type { QueueItem } from '../api/types.ts';
import { ageText, categoryLabel, memberName, resolutionLabel, stateLabel, strikesText } from '../hooks/moderation-text.ts';
import { CriticalMark, LowWeightMark } from './marks.tsx';

/**
 * One report of the queue: the link (named by its number and category) opens it; the facts a
 * moderator sorts by are a description list under it, read in order.
 */
export function QueueItemCard({ item }: { item: QueueItem }) {
  const titleId = `queue-item-${item.id}`;
  return (
    <li className="mod-card">
      <h2 id={titleId} className="mod-card-title">
        <Link to={paths.moderationReport(item.id)} className="mod-card-link">
          Report {item.id}: {categoryLabel(item.category)}
        </Link>
        {item.critical ? <CriticalMark /> : null}
      </h2>
      <dl className="mod-facts">
        <div>
          <dt>Reported member</dt>
          <dd>
            {memberName(item.reported.username)}, {strikesText(item.reported.live_strikes)}
          </dd>
        </div>
        <div>
          <dt>Filed</dt>
          <dd>{ageText(item.age_seconds)} ago</dd>
        </div>
        <div>
          <dt>Reporter</dt>
          <dd>
            {memberName(item.reporter.username)}
            {item.reporter.low_weight ? <LowWeightMark /> : null}
          </dd>
        </div>
        <div>
          <dt>Recommended</dt>
          <dd>{resolutionLabel(item.recommended)}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>
            {stateLabel(item.state)}
            {/* An appealed report keeps the assignee of the decision it contests: not who holds it now. */}
            {item.assignee && item.state === 'in_review' ? `, claimed by ${item.assignee.username}` : ''}
          </dd>
        </div>
      </dl>
    </li>
  );
}
