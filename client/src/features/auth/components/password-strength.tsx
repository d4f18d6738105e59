import { passwordStrength } from '@contract/auth.ts';

const LABELS = ['Very weak', 'Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'];

/** Live strength bar: score out of 5, colour and the first tip. */
export function PasswordStrengthBar({ password }: { password: string }) {
  if (!password) return null;
  const { score, colour, tips } = passwordStrength(password);
  return (
    <div className="strength" aria-live="polite">
      <meter
        className="visually-hidden"
        aria-label="Password strength"
        min={0}
        max={5}
        value={score}
        aria-valuetext={`${LABELS[score]} (${score} of 5)`}
      />
      <div className="strength-track" aria-hidden="true">
        <div className={`strength-fill strength-${colour}`} style={{ width: `${(score / 5) * 100}%` }} />
      </div>
      <p className="strength-text">
        <span className={`strength-label strength-label-${colour}`}>{LABELS[score]}</span>
        {tips[0] ? <span> · {tips[0]}</span> : null}
      </p>
    </div>
  );
}
