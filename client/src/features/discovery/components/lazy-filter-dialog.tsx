/**
 * The Filters dialog, loaded when first opened: its controls (Radix Select, Slider, Dialog, the
 * place lists) are about a quarter of the discovery screen's code and none of it is needed to
 * show the cards. Once loaded it stays mounted, so it closes with its animation like before.
 */
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import type { FilterDialog as FilterDialogType } from './filter-dialog.tsx';

const LoadedFilterDialog = lazy(() => import('./filter-dialog.tsx').then((m) => ({ default: m.FilterDialog })));

export function FilterDialog(props: ComponentProps<typeof FilterDialogType>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoadedFilterDialog {...props} />
    </Suspense>
  );
}
