import { CardsIcon, FilterIcon, ListIcon } from '@/components/ui/icons.tsx';

export type View = 'cards' | 'list';

/** The title, its subtitle and the Filters button with the count of active filters. */
export function DiscoveryHead({
  subtitle,
  activeFilters,
  onOpenFilters,
}: {
  subtitle: string;
  activeFilters: number;
  onOpenFilters: () => void;
}) {
  return (
    <header className="discovery-head">
      <div>
        <h1 id="discover-title">Discover</h1>
        <p className="discovery-subtitle">{subtitle}</p>
      </div>
      <button
        type="button"
        className="btn btn-secondary filter-btn"
        onClick={onOpenFilters}
        aria-label={activeFilters ? `Filters, ${activeFilters} active` : 'Filters'}
      >
        <FilterIcon />
        <span>Filters</span>
        {activeFilters > 0 ? (
          <span className="badge" aria-hidden="true">
            {activeFilters}
          </span>
        ) : null}
      </button>
    </header>
  );
}

/** Cards or list. */
export function ViewToggle({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  return (
    <fieldset className="view-toggle">
      <legend className="visually-hidden">View</legend>
      <button type="button" aria-pressed={view === 'cards'} onClick={() => onChange('cards')}>
        <CardsIcon /> Cards
      </button>
      <button type="button" aria-pressed={view === 'list'} onClick={() => onChange('list')}>
        <ListIcon /> List
      </button>
    </fieldset>
  );
}
