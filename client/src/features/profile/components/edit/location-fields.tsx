import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { PROFILE_FIELD_BY_NAME, UNITED_STATES } from '../../../../../../server/contract/profile-fields.ts';
import { CityCombobox } from '../../../../components/ui/city-combobox.tsx';
import { COUNTRIES, countryOptions, stateOptions, US_STATES } from '../../../../config/locations.ts';
import { useRegions } from '../../../../lib/world-regions.ts';
import type { ProfileFormValues } from '../../hooks/profile-form.ts';
import { FieldShell } from './field-shell.tsx';
import { fieldId } from './profile-field.tsx';

const labelOf = (name: string) => PROFILE_FIELD_BY_NAME.get(name)?.label ?? name;
const requiredOf = (name: string) => PROFILE_FIELD_BY_NAME.get(name)?.requiredForCompleteness ?? false;

/**
 * Country (United States first), a state only for the United States, and the city as text with
 * the known places of that country (and state) offered as the member types.
 * Choices come from /world_country_region.json; if it cannot load, the bundled lists are used.
 */
export function LocationFields() {
  const { register, setValue, control, formState } = useFormContext<ProfileFormValues>();
  const country = useWatch({ control, name: 'home_country' }) as string;
  const state = useWatch({ control, name: 'home_state' }) as string;
  const { data: regions, error: regionsError } = useRegions();
  const countries = regions ? countryOptions(regions, country) : [...COUNTRIES];
  if (!regions && country && !countries.includes(country)) countries.push(country);
  const states = regions ? stateOptions(regions) : [...US_STATES];
  const loading = !regions && !regionsError;
  const errorOf = (name: string) => formState.errors[name]?.message;

  return (
    <>
      <FieldShell id={fieldId('home_country')} label={labelOf('home_country')} required={requiredOf('home_country')} error={errorOf('home_country')}>
        {(a11y) => (
          <select
            {...a11y}
            className={errorOf('home_country') ? 'input input-invalid' : 'input'}
            aria-busy={loading || undefined}
            {...register('home_country', {
              // A new country makes the old state and city meaningless.
              onChange: () => {
                setValue('home_state', '', { shouldDirty: true });
                setValue('home_city', '', { shouldDirty: true });
              },
            })}
          >
            <option value="">{loading ? 'Loading countries...' : 'Select...'}</option>
            {countries.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      {country === UNITED_STATES ? (
        <FieldShell id={fieldId('home_state')} label={labelOf('home_state')} required={requiredOf('home_state')} error={errorOf('home_state')}>
          {(a11y) => (
            <select {...a11y} className={errorOf('home_state') ? 'input input-invalid' : 'input'} {...register('home_state')}>
              <option value="">Select...</option>
              {states.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
      ) : null}
      <FieldShell
        id={fieldId('home_city')}
        label={labelOf('home_city')}
        required={requiredOf('home_city')}
        error={errorOf('home_city')}
        hint={cityHint(country, state)}
      >
        {(a11y) => (
          <Controller
            control={control}
            name="home_city"
            render={({ field }) => (
              <CityCombobox
                {...a11y}
                ref={field.ref}
                name={field.name}
                value={(field.value as string | null) ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                country={country}
                state={country === UNITED_STATES ? state : null}
                maxLength={PROFILE_FIELD_BY_NAME.get('home_city')?.maxLength}
                invalid={Boolean(errorOf('home_city'))}
              />
            )}
          />
        )}
      </FieldShell>
    </>
  );
}

/** What the city field expects, in words, before the member types. */
function cityHint(country: string, state: string): string {
  if (!country) return 'Choose the country first.';
  if (country === UNITED_STATES && !state) return 'Choose the state first.';
  return country === UNITED_STATES ? 'A city of the selected state: pick one of the suggestions.' : 'Pick one of the suggestions as you type.';
}
