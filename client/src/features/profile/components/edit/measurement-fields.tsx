import { type ComponentProps, useEffect, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { HEIGHT_CM, PROFILE_FIELD_BY_NAME, WEIGHT_KG } from '@contract/profile-fields.ts';
import { cmToFeetAndInches, feetAndInchesToCm, kgToWholeLbs, lbsToWholeKg, poundsOf } from '@contract/units.ts';
import type { ProfileFormValues } from '@/features/profile/hooks/profile-form.ts';
import { FieldError, FieldShell, RequiredMark } from './field-shell.tsx';
import { fieldId } from './profile-field.tsx';

export type UnitSystem = 'imperial' | 'metric';

/** Height and weight are whole, non-negative numbers in every unit. */
function WholeNumberInput({ invalid, ...props }: ComponentProps<'input'> & { invalid: boolean }) {
  return (
    <input
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      aria-invalid={invalid || undefined}
      className={invalid ? 'input input-invalid' : 'input'}
      {...props}
    />
  );
}

const MAX_INCHES = 11;
const digits = (text: string, max: number) => {
  const clean = text.replace(/\D/g, '').slice(0, 3);
  return clean === '' ? '' : String(Math.min(Number(clean), max));
};
const feetText = (cm: number) => `${cmToFeetAndInches(cm).feet}' ${cmToFeetAndInches(cm).inches}"`;
const parsed = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null;

/** Range errors are shown in the unit on screen (the shared message speaks of stored cm and kg). */
function rangeMessage(message: string | undefined, kind: 'height' | 'weight', units: UnitSystem): string | undefined {
  if (!message?.startsWith('Must be between')) return message;
  if (kind === 'height') {
    return units === 'metric'
      ? `Must be between ${HEIGHT_CM.min} and ${HEIGHT_CM.max} cm`
      : `Must be between ${feetText(HEIGHT_CM.min)} and ${feetText(HEIGHT_CM.max)}`;
  }
  return units === 'metric'
    ? `Must be between ${WEIGHT_KG.min} and ${WEIGHT_KG.max} kg`
    : `Must be between ${kgToWholeLbs(WEIGHT_KG.min)} and ${kgToWholeLbs(WEIGHT_KG.max)} lb`;
}

/** Height and weight with a metric/imperial switch. The form always holds whole cm and kg. */
export function MeasurementFields() {
  const [units, setUnits] = useState<UnitSystem>('imperial');
  return (
    <div className="measurements">
      <fieldset className="unit-switch" aria-label="Height and weight units">
        <button type="button" aria-pressed={units === 'imperial'} onClick={() => setUnits('imperial')}>
          Imperial (ft, in, lb)
        </button>
        <button type="button" aria-pressed={units === 'metric'} onClick={() => setUnits('metric')}>
          Metric (cm, kg)
        </button>
      </fieldset>
      <HeightField units={units} />
      <WeightField units={units} />
    </div>
  );
}

function HeightField({ units }: { units: UnitSystem }) {
  const { control } = useFormContext<ProfileFormValues>();
  const { field, fieldState } = useController({ name: 'height', control });
  const cm = parsed(field.value);
  const [feet, setFeet] = useState('');
  const [inches, setInches] = useState('');
  const required = PROFILE_FIELD_BY_NAME.get('height')?.requiredForCompleteness;
  const error = rangeMessage(fieldState.error?.message, 'height', units);
  const id = fieldId('height');

  // Follow the stored value unless it already matches what is typed (typing must not jump).
  useEffect(() => {
    const typed = feet === '' && inches === '' ? null : feetAndInchesToCm(Number(feet || 0), Number(inches || 0));
    if (typed === (cm === null ? null : Math.round(cm))) return;
    if (cm === null) {
      setFeet('');
      setInches('');
    } else {
      const fi = cmToFeetAndInches(cm);
      setFeet(String(fi.feet));
      setInches(String(fi.inches));
    }
  }, [cm, feet, inches]);

  const setImperial = (nextFeet: string, nextInches: string) => {
    setFeet(nextFeet);
    setInches(nextInches);
    const empty = nextFeet === '' && nextInches === '';
    field.onChange(empty ? '' : String(feetAndInchesToCm(Number(nextFeet || 0), Number(nextInches || 0))));
  };

  if (units === 'metric') {
    return (
      <FieldShell id={id} label="Height (cm)" required={required} error={error}>
        {(a11y) => (
          <WholeNumberInput
            {...a11y}
            invalid={Boolean(error)}
            name={field.name}
            ref={field.ref}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
          />
        )}
      </FieldShell>
    );
  }
  const errorId = `${id}-error`;
  return (
    <fieldset className="field pair-field" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">
        Height
        {required ? <RequiredMark /> : null}
      </legend>
      <div className="pair">
        <label className="unit-input">
          <WholeNumberInput
            id={id}
            ref={field.ref}
            aria-label="Height, feet"
            invalid={Boolean(error)}
            value={feet}
            onChange={(e) => setImperial(digits(e.target.value, 9), inches)}
            onBlur={field.onBlur}
          />
          <span aria-hidden="true">ft</span>
        </label>
        <label className="unit-input">
          <WholeNumberInput
            max={MAX_INCHES}
            aria-label="Height, inches"
            invalid={Boolean(error)}
            value={inches}
            onChange={(e) => setImperial(feet, digits(e.target.value, MAX_INCHES))}
            onBlur={field.onBlur}
          />
          <span aria-hidden="true">in</span>
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

function WeightField({ units }: { units: UnitSystem }) {
  const { control } = useFormContext<ProfileFormValues>();
  const { field, fieldState } = useController({ name: 'weight', control });
  // The pounds the member typed, saved beside the kilograms: whole kilograms cannot hold every
  // whole pound, and a member's own number must come back as typed (poundsOf).
  const { field: pounds, fieldState: poundsState } = useController({ name: 'weight_lb', control });
  const kg = parsed(field.value);
  const typedLb = parsed(pounds.value);
  const [lbs, setLbs] = useState('');
  const required = PROFILE_FIELD_BY_NAME.get('weight')?.requiredForCompleteness;
  // Shown on the one weight input: 662 lb is still 300 kg, but more pounds than the form takes.
  const error = rangeMessage(fieldState.error?.message ?? poundsState.error?.message, 'weight', units);

  // Follow the stored value unless what is typed already converts to it (typing must not jump).
  useEffect(() => {
    const typed = lbs === '' ? null : lbsToWholeKg(Number(lbs));
    if (typed === (kg === null ? null : Math.round(kg))) return;
    setLbs(kg === null ? '' : String(poundsOf(kg, typedLb)));
  }, [kg, lbs, typedLb]);

  const metric = units === 'metric';
  const value = metric ? (typeof field.value === 'string' ? field.value : '') : lbs;
  return (
    <FieldShell id={fieldId('weight')} label={metric ? 'Weight (kg)' : 'Weight (lb)'} required={required} error={error}>
      {(a11y) => (
        <WholeNumberInput
          {...a11y}
          invalid={Boolean(error)}
          name={field.name}
          ref={field.ref}
          value={value}
          onChange={(e) => {
            if (metric) {
              field.onChange(e.target.value);
              // Weighed in kilograms now: pounds typed earlier no longer say what was meant.
              pounds.onChange('');
              return;
            }
            const next = digits(e.target.value, 9999);
            setLbs(next);
            field.onChange(next === '' ? '' : String(lbsToWholeKg(Number(next))));
            pounds.onChange(next);
          }}
          onBlur={field.onBlur}
        />
      )}
    </FieldShell>
  );
}
