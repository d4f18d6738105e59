import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { PROFILE_FIELD_BY_NAME, UNITED_STATES } from '@contract/profile-fields.ts';
import { CityCombobox } from '@/components/ui/city-combobox.tsx';
import { COUNTRIES, US_STATES } from '@/config/locations.ts';
import type { ProfileFormValues } from '@/features/profile/hooks/profile-form.ts';
import { FieldShell } from './field-shell.tsx';
import { fieldId } from './profile-field.tsx';

const labelOf = (name: string) => PROFILE_FIELD_BY_NAME.get(name)?.label ?? name;
const requiredOf = (name: string) => PROFILE_FIELD_BY_NAME.get(name)?.requiredForCompleteness ?? false;

/**
 * Country (United States first), a state only for the United States, and the city as text with
 * the known places of that country (and state) offered as the member types.
 * The choices are the bundled copies of the region list's countries and states (a server test
 * keeps them equal to /world_country_region.json), so the form never downloads that list: it is
 * 238 kB, of which the form would use only the country names and the 50 states.
 */
export function LocationFields() {
  const { register, setValue, control, formState } = useFormContext<ProfileFormValues>();
  const country = useWatch({ control, name: 'home_country' }) as string;
  const state = useWatch({ control, name: 'home_state' }) as string;
  // A stored country the list does not hold stays choosable, so the select can still show it.
  const countries = country && !COUNTRIES.includes(country) ? [...COUNTRIES, country] : COUNTRIES;
  const errorOf = (name: string) => formState.errors[name]?.message;

  return (
    <>
      <FieldShell
        id={fieldId('home_country')}
        label={labelOf('home_country')}
        required={requiredOf('home_country')}
        error={errorOf('home_country')}
      >
        {(a11y) => (
          <select
            {...a11y}
            className={errorOf('home_country') ? 'input input-invalid' : 'input'}
            {...register('home_country', {
              // A new country makes the old state and city meaningless.
              onChange: () => {
                setValue('home_state', '', { shouldDirty: true });
                setValue('home_city', '', { shouldDirty: true });
              },
            })}
          >
            <option value="">Select...</option>
            {countries.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      {country === UNITED_STATES ? (
        <FieldShell
          id={fieldId('home_state')}
          label={labelOf('home_state')}
          required={requiredOf('home_state')}
          error={errorOf('home_state')}
        >
          {(a11y) => (
            <select {...a11y} className={errorOf('home_state') ? 'input input-invalid' : 'input'} {...register('home_state')}>
              <option value="">Select...</option>
              {US_STATES.map((name) => (
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
  return country === UNITED_STATES
    ? 'A city of the selected state: pick one of the suggestions.'
    : 'Pick one of the suggestions as you type.';
}
