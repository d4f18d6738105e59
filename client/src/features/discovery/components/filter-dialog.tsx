import { Dialog } from 'radix-ui';
import type { SavedFilters } from '@contract/filters.ts';
import { XIcon } from '@/components/ui/icons.tsx';
import { useFilterDraft } from '../hooks/use-filter-draft.ts';
import { FilterLists } from './filter-lists.tsx';
import { BackgroundFilters, BodyFilters, LocationFilters, ReachFilters } from './filter-sections.tsx';

interface FilterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  saved: Partial<SavedFilters> | undefined;
  /** The own profile has coordinates; without them the distance slider is disabled. */
  hasLocation: boolean;
  busy: boolean;
  onApply: (filters: SavedFilters) => void;
  onClear: () => void;
}

/** The Filters dialog with every control, on Radix Dialog, Slider and Select. */
export function FilterDialog({ open, onOpenChange, saved, hasLocation, busy, onApply, onClear }: FilterDialogProps) {
  const { draft, set, toggle, setCountry, reset } = useFilterDraft(open, saved);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content filter-dialog">
          <div className="filter-head">
            <Dialog.Title className="dialog-title">Filters</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="icon-btn" aria-label="Close filters">
                <XIcon />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="visually-hidden">Narrow the profiles shown in discovery.</Dialog.Description>

          <div className="filter-body">
            <ReachFilters draft={draft} set={set} hasLocation={hasLocation} />
            <LocationFilters draft={draft} set={set} setCountry={setCountry} />
            <BodyFilters draft={draft} set={set} />
            <BackgroundFilters draft={draft} set={set} />
            <FilterLists draft={draft} toggle={toggle} />
          </div>

          <div className="dialog-actions filter-actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => {
                reset();
                onClear();
              }}
            >
              Clear All
            </button>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onApply(draft)}>
              Apply
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
