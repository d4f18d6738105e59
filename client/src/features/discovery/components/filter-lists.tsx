import {
  FILTER_DEFINITION_BY_KEY,
  FILTER_LIST_FIELDS,
  FILTER_LIST_KEYS,
  type FilterListKey,
  type SavedFilters,
} from '@contract/filters.ts';
import { PROFILE_FIELD_BY_NAME } from '@contract/profile-fields.ts';

function listLabel(key: FilterListKey): string {
  return PROFILE_FIELD_BY_NAME.get(FILTER_LIST_FIELDS[key])?.label ?? key;
}

/** Every list filter as a folding group of chips, open when something in it is chosen. */
export function FilterLists({ draft, toggle }: { draft: SavedFilters; toggle: (key: FilterListKey, value: string) => void }) {
  return (
    <div className="filter-lists">
      {FILTER_LIST_KEYS.map((key) => {
        const options = (FILTER_DEFINITION_BY_KEY.get(key)?.options ?? []).map(String);
        const chosen = draft[key] ?? [];
        return (
          <details key={key} className="filter-list" open={chosen.length > 0}>
            <summary>
              <span>{listLabel(key)}</span>
              {chosen.length ? <span className="badge">{chosen.length}</span> : null}
            </summary>
            <fieldset className="chips">
              <legend className="visually-hidden">{listLabel(key)}</legend>
              {options.map((option) => (
                <button
                  type="button"
                  key={option}
                  className="chip"
                  aria-pressed={chosen.includes(option)}
                  onClick={() => toggle(key, option)}
                >
                  {option}
                </button>
              ))}
            </fieldset>
          </details>
        );
      })}
    </div>
  );
}
