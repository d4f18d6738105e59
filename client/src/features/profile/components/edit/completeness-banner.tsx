import type { Completeness } from '@/types/api.ts';
import { displayFieldName } from '@/features/profile/hooks/profile-form.ts';

/** 'Profile Incomplete - N% Complete', a progress bar and the missing required fields. */
export function CompletenessBanner({ completeness }: { completeness: Completeness }) {
  const percent = Math.max(0, Math.min(100, Math.round(completeness.completion_percentage ?? 0)));
  const missing = completeness.missing_fields ?? [];
  return (
    <section className="completeness-banner" aria-labelledby="completeness-title">
      <h2 id="completeness-title">Profile Incomplete - {percent}% Complete</h2>
      <div
        className="progress"
        role="progressbar"
        aria-label="Profile completion"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      {missing.length > 0 ? (
        <>
          <p className="missing-title">Missing required fields:</p>
          <ul className="missing-list" aria-label="Missing required fields">
            {missing.map((name) => (
              <li key={name}>{displayFieldName(name)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
