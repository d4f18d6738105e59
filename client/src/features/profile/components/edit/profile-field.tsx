import { useFormContext } from 'react-hook-form';
import type { ProfileFieldDescriptor } from '@contract/profile-fields.ts';
import { PROFILE_MESSAGES } from '@contract/profile-validation.ts';
import { birthDateRange } from '@/features/profile/hooks/locations.ts';
import type { ProfileFormValues } from '@/features/profile/hooks/profile-form.ts';
import { ChipGroup } from './chip-group.tsx';
import { FieldShell } from './field-shell.tsx';

export const fieldId = (name: string) => `pf-${name}`;

const TEXT_INPUT: Record<string, { type: string; autoComplete?: string; hint?: string }> = {
  username: { type: 'text', autoComplete: 'username' },
  phone: { type: 'tel', autoComplete: 'tel', hint: 'Optional. Include your country code, for example +1 555 123 4567.' },
};

/** One catalogue field, rendered from its kind, label and options (server/contract/profile-fields.ts). */
export function ProfileField({ field }: { field: ProfileFieldDescriptor }) {
  const { register, formState } = useFormContext<ProfileFormValues>();
  if (field.kind === 'multiselect') return <ChipGroup field={field} />;

  const id = fieldId(field.name);
  const error = formState.errors[field.name]?.message;
  const required = field.requiredForCompleteness;
  const label = field.unit === 'USD' ? `${field.label} ($)` : field.unit ? `${field.label} (${field.unit})` : field.label;

  switch (field.kind) {
    case 'select':
    case 'boolean': {
      const options =
        field.kind === 'boolean'
          ? [
              ['true', 'Yes'],
              ['false', 'No'],
            ]
          : (field.options ?? []).map((o) => [String(o), String(o)]);
      return (
        <FieldShell id={id} label={label} required={required} error={error}>
          {(a11y) => (
            <select {...a11y} className={error ? 'input input-invalid' : 'input'} {...register(field.name)}>
              <option value="">Select...</option>
              {options.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
      );
    }
    case 'date': {
      const { min, max } = birthDateRange(new Date());
      return (
        <FieldShell id={id} label={label} required={required} error={error} hint={PROFILE_MESSAGES.ageRange}>
          {(a11y) => (
            <input
              {...a11y}
              type="date"
              min={min}
              max={max}
              className={error ? 'input input-invalid' : 'input'}
              {...register(field.name)}
            />
          )}
        </FieldShell>
      );
    }
    case 'integer':
    case 'number':
      return (
        <FieldShell id={id} label={label} required={required} error={error}>
          {(a11y) => (
            <input
              {...a11y}
              type="number"
              inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
              min={field.min ?? 0}
              max={field.max}
              step={field.kind === 'integer' ? 1 : 'any'}
              className={error ? 'input input-invalid' : 'input'}
              {...register(field.name)}
            />
          )}
        </FieldShell>
      );
    default: {
      const text = TEXT_INPUT[field.name] ?? { type: 'text' };
      return (
        <FieldShell id={id} label={label} required={required} error={error} hint={text.hint}>
          {(a11y) => (
            <input
              {...a11y}
              type={text.type}
              autoComplete={text.autoComplete ?? 'off'}
              maxLength={field.maxLength}
              className={error ? 'input input-invalid' : 'input'}
              {...register(field.name)}
            />
          )}
        </FieldShell>
      );
    }
  }
}
