import type { Profile } from '@/types/api.ts';
import { displayValue, fieldLabel } from './profile-values.ts';

export function FactList({ profile, fields, extra }: { profile: Profile; fields: string[]; extra?: [string, string][] }) {
  return (
    <dl className="facts">
      {extra?.map(([label, value]) => (
        <div className="fact" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {fields.map((name) => (
        <div className="fact" key={name}>
          <dt>{fieldLabel(name)}</dt>
          <dd>{displayValue(profile, name)}</dd>
        </div>
      ))}
    </dl>
  );
}
