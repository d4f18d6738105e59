import { useFormContext, useWatch } from 'react-hook-form';
import { PROFILE_FIELD_BY_NAME, UNITED_STATES } from '../../../../../../server/contract/profile-fields.ts';
import { COUNTRIES, countryOptions, stateOptions, US_STATES } from '../../../../config/locations.ts';
import { useRegions } from '../../../../lib/world-regions.ts';
import type { ProfileFormValues } from '../../hooks/profile-form.ts';
import { FieldShell } from './field-shell.tsx';
import { fieldId } from './profile-field.tsx';

const labelOf = (name: string) => PROFILE_FIELD_BY_NAME.get(name)?.label ?? name;
const requiredOf = (name: string) => PROFILE_FIELD_BY_NAME.get(name)?.requiredForCompleteness ?? false;

/**
 * Country (United States first), a state only for the United States, and the city as text.
 * Choices come from /world_country_region.json; if it cannot load, the bundled lists are used.
 */
export function LocationFields() {
  const { register, setValue, control, formState } = useFormContext<ProfileFormValues>();
  const country = useWatch({ control, name: 'home_country' }) as string;
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
        hint={country === UNITED_STATES ? 'A city of the selected state.' : undefined}
      >
        {(a11y) => (
          <input
            {...a11y}
            type="text"
            autoComplete="address-level2"
            maxLength={PROFILE_FIELD_BY_NAME.get('home_city')?.maxLength}
            className={errorOf('home_city') ? 'input input-invalid' : 'input'}
            {...register('home_city')}
          />
        )}
      </FieldShell>
    </>
  );
}
