import {
  AGE_FILTER,
  DISTANCE_FILTER,
  HEIGHT_FILTER_INCHES,
  LOCATION_REQUIRED,
  type SavedFilters,
  WEIGHT_FILTER_LBS,
} from '@contract/filters.ts';
import { BETROTHAL_GIFT_CEILINGS, FACE_SELF_RATINGS, NATIVE_LANGUAGES } from '@contract/options.ts';
import { UNITED_STATES } from '@contract/profile-fields.ts';
import { CityCombobox } from '@/components/ui/city-combobox.tsx';
import { COUNTRIES, countryOptions, stateOptions, US_STATES } from '@/config/locations.ts';
import { formatFeetInches } from '@/lib/format.ts';
import { useRegions } from '@/lib/world-regions.ts';
import type { SetFilter } from '../hooks/use-filter-draft.ts';
import { FlagField, RangeSlider, SelectField } from './filter-controls.tsx';

interface SectionProps {
  draft: SavedFilters;
  set: SetFilter;
}

/** Verified only, maximum age and maximum distance (disabled, with a note, without own coordinates). */
export function ReachFilters({ draft, set, hasLocation }: SectionProps & { hasLocation: boolean }) {
  return (
    <>
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
    </>
  );
}

/** Country, state (United States only) and city. */
export function LocationFilters({ draft, set, setCountry }: SectionProps & { setCountry: (country: string | undefined) => void }) {
  // The places a member can pick in their profile, so every choice here can match someone.
  const { data: regions } = useRegions();
  const countries = regions ? countryOptions(regions, draft.homeCountry) : COUNTRIES;
  const states = regions ? stateOptions(regions) : US_STATES;
  return (
    <fieldset className="filter-group">
      <legend>Location</legend>
      <SelectField label="Country" value={draft.homeCountry} options={countries} anyLabel="Any country" onChange={setCountry} />
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
  );
}

/** The face self rating range as slider positions (the ratings are not evenly spaced numbers). */
function faceRatingPositions(draft: SavedFilters, ratings: readonly number[]): number[] {
  const face = draft.faceSelfRating ?? { min: ratings[0], max: ratings[ratings.length - 1] };
  const positions = [Math.max(0, ratings.indexOf(face.min)), Math.max(0, ratings.indexOf(face.max))];
  if (positions[1] === 0 && face.max !== ratings[0]) positions[1] = ratings.length - 1;
  return positions;
}

/** Height and face self rating ranges, and the weight ceiling. */
export function BodyFilters({ draft, set }: SectionProps) {
  const height = draft.heightRange ?? { min: HEIGHT_FILTER_INCHES.min, max: HEIGHT_FILTER_INCHES.max };
  const ratings = FACE_SELF_RATINGS as readonly number[];
  const faceIdx = faceRatingPositions(draft, ratings);
  return (
    <>
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
            set('weightUpTo', Number.isFinite(n) ? Math.min(WEIGHT_FILTER_LBS.max, Math.max(WEIGHT_FILTER_LBS.min, n)) : 0);
          }}
        />
        <span className="field-hint">0 means any weight</span>
      </div>
    </>
  );
}

/** Native language and the betrothal gift ceiling. */
export function BackgroundFilters({ draft, set }: SectionProps) {
  return (
    <>
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
    </>
  );
}
