import { Select, Slider } from 'radix-ui';
import { useId } from 'react';

const ANY = '__any__';

/** A labelled Radix select; the optional first item ('Any …') stands for no value. */
export function SelectField(props: {
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
      <Select.Root value={props.value || ANY} disabled={props.disabled} onValueChange={(v) => props.onChange(v === ANY ? undefined : v)}>
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

/** A labelled Radix slider with one thumb or two, its value shown beside the label. */
export function RangeSlider(props: {
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
export function FlagField(props: { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const hintId = useId();
  return (
    <div className="field">
      <label className="filter-flag">
        <input type="checkbox" checked={props.checked} aria-describedby={hintId} onChange={(e) => props.onChange(e.target.checked)} />
        <span className="field-label">{props.label}</span>
      </label>
      <span className="field-hint" id={hintId}>
        {props.hint}
      </span>
    </div>
  );
}
