import { useController, useFormContext } from 'react-hook-form';
import type { ProfileFieldDescriptor } from '@contract/profile-fields.ts';
import type { ProfileFormValues } from '@/features/profile/hooks/profile-form.ts';
import { FieldError, RequiredMark } from './field-shell.tsx';

/** A multi-select as toggle chips. The 'none' choice ('No tattoos') clears the others and vice versa. */
export function ChipGroup({ field }: { field: ProfileFieldDescriptor }) {
  const { control } = useFormContext<ProfileFormValues>();
  const { field: input, fieldState } = useController({ name: field.name, control });
  const chosen = Array.isArray(input.value) ? input.value : [];
  const errorId = `pf-${field.name}-error`;

  const toggle = (option: string) => {
    if (chosen.includes(option)) {
      input.onChange(chosen.filter((v) => v !== option));
    } else if (option === field.noneOption) {
      input.onChange([option]);
    } else {
      input.onChange([...chosen.filter((v) => v !== field.noneOption), option]);
    }
  };

  return (
    <fieldset
      className="chip-field"
      aria-describedby={fieldState.error ? errorId : undefined}
      aria-invalid={fieldState.error ? true : undefined}
    >
      <legend className="field-label">
        {field.label}
        {field.requiredForCompleteness ? <RequiredMark /> : null}
        <span className="chip-count">{chosen.length > 0 ? ` (${chosen.length} selected)` : ''}</span>
      </legend>
      <div className="chips">
        {(field.options ?? []).map((option) => {
          const value = String(option);
          return (
            <button
              key={value}
              type="button"
              className="chip"
              aria-pressed={chosen.includes(value)}
              onClick={() => toggle(value)}
              onBlur={input.onBlur}
            >
              {value}
            </button>
          );
        })}
      </div>
      <FieldError id={errorId} message={fieldState.error?.message} />
    </fieldset>
  );
}
