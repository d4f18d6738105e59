import { forwardRef, useId, useState } from 'react';
import { useCitySuggestions } from '@/lib/cities.ts';
import { comboboxKey, suggestionStatus } from '@/lib/combobox.ts';
import './combobox.css';

interface CityComboboxProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  /** Suggestions are of this country (and, in the United States, this state). */
  country: string | null | undefined;
  state?: string | null;
  disabled?: boolean;
  maxLength?: number;
  invalid?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * The city field: free text with the known places of the chosen country and state offered as
 * the member types (ARIA 1.2 combobox with a listbox popup). Focus stays in the text field; the
 * arrows move the active option, Enter picks it, Escape closes the list, and a tap picks too.
 * Picking a suggestion gives the dataset's spelling, which the server then accepts as is.
 */
export const CityCombobox = forwardRef<HTMLInputElement, CityComboboxProps>(function CityCombobox(props, ref) {
  const { id, value, onChange, onBlur, name, country, state, disabled, maxLength, invalid } = props;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Asked only while the member is in the field, so a form full of saved cities asks nothing.
  const [focused, setFocused] = useState(false);
  const { cities, loading, failed } = useCitySuggestions({ country, state, query: focused ? value : '' });
  const listId = useId();
  const statusId = `${listId}-status`;
  // Nothing to offer when the only suggestion is what is already typed.
  const options = cities.length === 1 && cities[0] === value ? [] : cities;
  const expanded = open && options.length > 0;

  const pick = (city: string) => {
    onChange(city);
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="combobox">
      <input
        ref={ref}
        id={id}
        name={name}
        type="text"
        className={invalid ? 'input input-invalid' : 'input'}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={[props['aria-describedby'], statusId].filter(Boolean).join(' ')}
        aria-invalid={props['aria-invalid']}
        autoComplete="off"
        spellCheck={false}
        maxLength={maxLength}
        disabled={disabled}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={(event) => {
          const action = comboboxKey({ open: expanded, active }, event.key, options.length);
          if (action.kind === 'none') return;
          event.preventDefault();
          if (action.kind === 'move') {
            setOpen(true);
            setActive(action.state.active);
          } else if (action.kind === 'pick') pick(options[action.index]);
          else {
            setOpen(false);
            setActive(-1);
          }
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setOpen(false);
          setActive(-1);
          onBlur?.();
        }}
      />
      <ul id={listId} role="listbox" aria-label="Suggested places" className="combobox-list" hidden={!expanded}>
        {options.map((city, index) => (
          <li
            key={city}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="combobox-option"
            // Keeps focus in the field, so the blur does not close the list before the pick.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(city)}
          >
            {city}
          </li>
        ))}
      </ul>
      <span id={statusId} className="visually-hidden" aria-live="polite">
        {open && value.trim() !== '' && country ? suggestionStatus(options.length, loading, failed) : ''}
      </span>
    </div>
  );
});
