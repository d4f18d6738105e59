import { type FormEvent, useId, useState } from 'react';
import { PLACEHOLDER_PHOTO } from '@/config/paths.ts';
import type { FaceAccount, FaceDecisionBody, FaceItem, FaceOutcome } from '../api/types.ts';
import { FACE_OUTCOME_LABELS, FACE_OUTCOME_REQUIRED, FACE_OUTCOMES, FACE_REASON_REQUIRED, faceBody } from '../hooks/face-review.ts';
import { ageText, memberName } from '../hooks/moderation-text.ts';
import { ReasonField } from './reason-field.tsx';
import { useReason } from '../hooks/use-reason.ts';

interface FaceItemProps {
  item: FaceItem;
  busy: boolean;
  onDecide: (userId: number, name: string, body: FaceDecisionBody) => Promise<boolean>;
}

/** One account's photo 1, named in words: the photos are what the moderator compares. */
function FacePhoto({ account, role }: { account: FaceAccount | null; role: string }) {
  const name = account ? memberName(account.username) : 'Account gone';
  return (
    <figure>
      <img
        src={account?.photo1_url || PLACEHOLDER_PHOTO}
        alt={account?.photo1_url ? `Photo 1 of ${name}` : `No photo for ${name}`}
        loading="lazy"
        onError={(event) => {
          if (!event.currentTarget.src.endsWith(PLACEHOLDER_PHOTO)) event.currentTarget.src = PLACEHOLDER_PHOTO;
        }}
      />
      <figcaption>
        {role}: {name}
      </figcaption>
    </figure>
  );
}

/**
 * One face match: the new account and the one whose verified face it matched, both photos, how
 * long it has waited, and the decision: the two outcomes (neither chosen to start with) and a
 * required reason with its count.
 */
export function FaceItemCard({ item, busy, onDecide }: FaceItemProps) {
  const id = useId();
  const name = memberName(item.username);
  const matchedName = item.matched ? memberName(item.matched.username) : 'an account since deleted';
  const [outcome, setOutcome] = useState<FaceOutcome | null>(null);
  const { reason, setReason, tried, markTried, count, shown: reasonShown } = useReason(FACE_REASON_REQUIRED);
  const outcomeShown = tried && outcome === null ? FACE_OUTCOME_REQUIRED : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    markTried();
    if (busy || count.problem || outcome === null) return;
    void onDecide(item.user_id, name, faceBody(outcome, reason));
  };

  return (
    <li className="mod-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="mod-card-title">
        {name} and {matchedName}
      </h2>
      <div className="mod-faces">
        <FacePhoto account={item} role="Waiting for the badge" />
        <FacePhoto account={item.matched} role="Already verified" />
      </div>
      <p className="mod-lead">Waiting for {ageText(item.age_seconds)}.</p>
      <form className="mod-act" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        <fieldset className="mod-fieldset" disabled={busy}>
          <legend className="mod-legend">Decide: {name}</legend>
          <fieldset
            className="mod-fieldset mod-choices"
            aria-invalid={outcomeShown ? true : undefined}
            aria-describedby={outcomeShown ? `${id}-outcome-problem` : undefined}
          >
            <legend className="field-label">Outcome</legend>
            {FACE_OUTCOMES.map((value) => (
              <label key={value} className="mod-choice">
                <input type="radio" name={`${id}-outcome`} value={value} checked={outcome === value} onChange={() => setOutcome(value)} />{' '}
                {FACE_OUTCOME_LABELS[value]}
              </label>
            ))}
            {outcomeShown ? (
              <p id={`${id}-outcome-problem`} className="field-error" role="alert">
                {outcomeShown}
              </p>
            ) : null}
          </fieldset>
          <ReasonField id={id} label="Reason" rows={3} reason={reason} countText={count.text} problem={reasonShown} onChange={setReason} />
          <div className="mod-actions">
            <button type="submit" className="btn btn-primary">
              {busy ? 'Deciding...' : 'Decide'}
            </button>
          </div>
        </fieldset>
      </form>
    </li>
  );
}
