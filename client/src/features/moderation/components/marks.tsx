/** Marks a moderator scans for. Words, not only colour, so they are read out and seen alike. */
export function CriticalMark() {
  return <span className="mod-mark mod-mark-critical">Critical</span>;
}

export function LowWeightMark() {
  return (
    <span className="mod-mark mod-mark-low" title="At least 5 of their reports were decided, and 70% or more were dismissed">
      Low-weight reporter
    </span>
  );
}
