/**
 * The Report dialog, loaded the first time a member reports someone: its code (and its CSS) is a
 * chunk of its own, never part of a screen's first load. Once loaded it stays mounted.
 */
import { lazy, Suspense, useState } from 'react';
import type { ReportDialogProps } from './report-dialog.tsx';

const LoadedReportDialog = lazy(() => import('./report-dialog.tsx').then((m) => ({ default: m.ReportDialog })));

export function ReportDialog(props: ReportDialogProps) {
  const [wanted, setWanted] = useState(props.target !== null);
  if (props.target !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoadedReportDialog {...props} />
    </Suspense>
  );
}
