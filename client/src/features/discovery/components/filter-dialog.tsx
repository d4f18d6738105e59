import { Dialog, Select, Slider } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import {
  AGE_FILTER,
  DISTANCE_FILTER,
  FILTER_DEFINITION_BY_KEY,
  FILTER_LIST_FIELDS,
  FILTER_LIST_KEYS,
  type FilterListKey,
  HEIGHT_FILTER_INCHES,
  LOCATION_REQUIRED,
  type SavedFilters,
  WEIGHT_FILTER_LBS,
  withDefaults,
} from '../../../../../server/contract/filters.ts';
import { BETROTHAL_GIFT_CEILINGS, FACE_SELF_RATINGS, NATIVE_LANGUAGES } from '../../../../../server/contract/options.ts';
import { PROFILE_FIELD_BY_NAME, UNITED_STATES } from '../../../../../server/contract/profile-fields.ts';
import { XIcon } from '../../../components/ui/icons.tsx';
import { COUNTRIES, countryOptions, stateOptions, US_STATES } from '../../../config/locations.ts';
import { formatFeetInches } from '../../../lib/format.ts';
import { useRegions } from '../../../lib/world-regions.ts';
import { CityCombobox } from '../../../components/ui/city-combobox.tsx';

const ANY = '__any__';

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

function listLabel(key: FilterListKey): string {
  return PROFILE_FIELD_BY_NAME.get(FILTER_LIST_FIELDS[key])?.label ?? key;
}

function SelectField(props: {
  label: string;
  value: string | undefined;
  options: readonly string[];
  anyLabel?: string;
  disabled?: boolean;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <span className="field-label" id={id}>
        {props.label}
      </span>
      <Select.Root
        value={props.value || ANY}
        disabled={props.disabled}
        onValueChange={(v) => props.onChange(v === ANY ? undefined : v)}
      >
        <Select.Trigger className="select-trigger" aria-labelledby={id}>
          <Select.Value />
          <Select.Icon className="select-icon">▾</Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content className="select-content" position="popper" sideOffset={4}>
            <Select.ScrollUpButton className="select-scroll">▴</Select.ScrollUpButton>
            <Select.Viewport className="select-viewport">
              {props.anyLabel ? (
                <Select.Item value={ANY} className="select-item">
                  <Select.ItemText>{props.anyLabel}</Select.ItemText>
                </Select.Item>
              ) : null}
              {props.options.map((option) => (
                <Select.Item key={option} value={option} className="select-item">
                  <Select.ItemText>{option}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
            <Select.ScrollDownButton className="select-scroll">▾</Select.ScrollDownButton>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </div>
  );
}

function RangeSlider(props: {
  label: string;
  valueText: string;
  min: number;
  max: number;
  step?: number;
  value: number[];
  disabled?: boolean;
  thumbLabels: string[];
  onChange: (value: number[]) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <div className="slider-head">
        <span className="field-label" id={id}>
          {props.label}
        </span>
        <span className="slider-value">{props.valueText}</span>
      </div>
      <Slider.Root
        className="slider"
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        value={props.value}
        disabled={props.disabled}
        minStepsBetweenThumbs={0}
        onValueChange={props.onChange}
        aria-labelledby={id}
      >
        <Slider.Track className="slider-track">
          <Slider.Range className="slider-range" />
        </Slider.Track>
        {props.value.map((_, i) => (
          <Slider.Thumb key={props.thumbLabels[i]} className="slider-thumb" aria-label={props.thumbLabels[i]} />
        ))}
      </Slider.Root>
    </div>
  );
}

/** An on/off filter as a native checkbox: the label names it and Space toggles it, as anywhere. */
function FlagField(props: { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const hintId = useId();
  return (
    <div className="field">
      <label className="filter-flag">
        <input
          type="checkbox"
          checked={props.checked}
          aria-describedby={hintId}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        <span className="field-label">{props.label}</span>
      </label>
      <span className="field-hint" id={hintId}>
        {props.hint}
      </span>
    </div>
  );
}

/** The Filters dialog with every control, on Radix Dialog, Slider and Select. */
export function FilterDialog({ open, onOpenChange, saved, hasLocation, busy, onApply, onClear }: FilterDialogProps) {
  const [draft, setDraft] = useState<SavedFilters>(() => withDefaults(saved));
  // The places a member can pick in their profile, so every choice here can match someone.
  const { data: regions } = useRegions();
  const countries = regions ? countryOptions(regions, draft.homeCountry) : COUNTRIES;
  const states = regions ? stateOptions(regions) : US_STATES;

  // Opens with saved filters merged over defaults.
  useEffect(() => {
    if (open) setDraft(withDefaults(saved));
  }, [open, saved]);

  const set = <K extends keyof SavedFilters>(key: K, value: SavedFilters[K] | undefined) =>
    setDraft((d) => {
      const next = { ...d } as Record<string, unknown>;
      if (value === undefined) delete next[key as string];
      else next[key as string] = value;
      return next as SavedFilters;
    });

  const height = draft.heightRange ?? { min: HEIGHT_FILTER_INCHES.min, max: HEIGHT_FILTER_INCHES.max };
  const ratings = FACE_SELF_RATINGS as readonly number[];
  const face = draft.faceSelfRating ?? { min: ratings[0], max: ratings[ratings.length - 1] };
  const faceIdx = [Math.max(0, ratings.indexOf(face.min)), Math.max(0, ratings.indexOf(face.max))];
  if (faceIdx[1] === 0 && face.max !== ratings[0]) faceIdx[1] = ratings.length - 1;

  const toggle = (key: FilterListKey, value: string) =>
    setDraft((d) => {
      const current = d[key] ?? [];
      const nextList = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
      const next = { ...d, [key]: nextList } as SavedFilters;
      if (nextList.length === 0) delete next[key];
      return next;
    });

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
          <Dialog.Description className="visually-hidden">
            Narrow the profiles shown in discovery.
          </Dialog.Description>

          <div className="filter-body">
            <FlagField
              label="Verified members only"
              hint="Members whose first photo was approved and matched a live face scan"
              checked={draft.verifiedOnly === true}
              // Off is saved as no key at all, the way an emptied list is.
              onChange={(on) => set('verifiedOnly', on || undefined)}
            />

            <RangeSlider
              label="Maximum age"
              valueText={`${draft.maxAge}`}
              min={AGE_FILTER.min}
              max={AGE_FILTER.max}
              value={[draft.maxAge]}
              thumbLabels={['Maximum age']}
              onChange={([v]) => set('maxAge', v)}
            />

            <RangeSlider
              label="Maximum distance"
              valueText={draft.maxDistance >= DISTANCE_FILTER.off ? 'Any' : `${draft.maxDistance} mi`}
              min={DISTANCE_FILTER.min}
              max={DISTANCE_FILTER.max}
              step={DISTANCE_FILTER.step}
              value={[draft.maxDistance]}
              disabled={!hasLocation}
              thumbLabels={['Maximum distance']}
              onChange={([v]) => set('maxDistance', v)}
            />
            {!hasLocation ? (
              <div className="location-note" role="note">
                <strong>{LOCATION_REQUIRED.title}</strong>
                <p>{LOCATION_REQUIRED.detail}</p>
              </div>
            ) : null}

            <fieldset className="filter-group">
              <legend>Location</legend>
              <SelectField
                label="Country"
                value={draft.homeCountry}
                options={countries}
                anyLabel="Any country"
                onChange={(v) =>
                  setDraft((d) => {
                    const next = { ...d } as SavedFilters;
                    if (v) next.homeCountry = v;
                    else delete next.homeCountry;
                    // Changing the country away from United States clears the state.
                    if (v !== UNITED_STATES) delete next.homeState;
                    return next;
                  })
                }
              />
              <SelectField
                label="State"
                value={draft.homeState}
                options={states}
                anyLabel="Any state"
                disabled={draft.homeCountry !== UNITED_STATES}
                onChange={(v) => set('homeState', v)}
              />
              <div className="field">
                <label className="field-label" htmlFor="filter-city">
                  City
                </label>
                <CityCombobox
                  id="filter-city"
                  value={draft.homeCity ?? ''}
                  maxLength={100}
                  country={draft.homeCountry}
                  state={draft.homeCountry === UNITED_STATES ? draft.homeState : null}
                  onChange={(v) => set('homeCity', v || undefined)}
                />
              </div>
            </fieldset>

            <RangeSlider
              label="Height"
              valueText={`${formatFeetInches(height.min)} – ${formatFeetInches(height.max)}`}
              min={HEIGHT_FILTER_INCHES.min}
              max={HEIGHT_FILTER_INCHES.max}
              step={HEIGHT_FILTER_INCHES.step}
              value={[height.min, height.max]}
              thumbLabels={['Minimum height', 'Maximum height']}
              onChange={([min, max]) => set('heightRange', { min, max })}
            />

            <RangeSlider
              label="Face self rating"
              valueText={`${ratings[faceIdx[0]]} – ${ratings[faceIdx[1]]}`}
              min={0}
              max={ratings.length - 1}
              value={faceIdx}
              thumbLabels={['Minimum face self rating', 'Maximum face self rating']}
              onChange={([a, b]) => set('faceSelfRating', { min: ratings[a], max: ratings[b] })}
            />

            <div className="field">
              <label className="field-label" htmlFor="filter-weight">
                Weight up to (lbs)
              </label>
              <input
                id="filter-weight"
                className="input"
                type="number"
                inputMode="numeric"
                min={WEIGHT_FILTER_LBS.min}
                max={WEIGHT_FILTER_LBS.max}
                value={draft.weightUpTo ?? 0}
                onChange={(e) => {
                  const n = Number(e.target.value);
                  set(
                    'weightUpTo',
                    Number.isFinite(n) ? Math.min(WEIGHT_FILTER_LBS.max, Math.max(WEIGHT_FILTER_LBS.min, n)) : 0,
                  );
                }}
              />
              <span className="field-hint">0 means any weight</span>
            </div>

            <SelectField
              label="Native language"
              value={draft.nativeLanguage}
              options={NATIVE_LANGUAGES}
              anyLabel="Any language"
              onChange={(v) => set('nativeLanguage', v)}
            />

            <SelectField
              label="Minimum betrothal gift up to"
              value={draft.minimumBetrothalGiftPrice === 'Any' ? undefined : draft.minimumBetrothalGiftPrice}
              options={BETROTHAL_GIFT_CEILINGS.filter((v) => v !== 'Any')}
              anyLabel="Any"
              onChange={(v) => set('minimumBetrothalGiftPrice', v)}
            />

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
          </div>

          <div className="dialog-actions filter-actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => {
                setDraft(withDefaults(null));
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
