import { formatHeightCm, orNA } from '@/lib/format.ts';
import type { Profile } from '@/types/api.ts';

/** The facts discovery shows about a profile, by the label the spec gives them. */
const FACTS = {
  height: ['Height', (p: Profile) => formatHeightCm(p.height)],
  education: ['Education', (p: Profile) => orNA(p.education)],
  religion: ['Religion', (p: Profile) => orNA(p.religion)],
  livelihood: ['Livelihood', (p: Profile) => orNA(p.livelihood)],
  status: ['Status', (p: Profile) => orNA(p.relationship_status)],
  kidsWanted: ['Kids wanted', (p: Profile) => orNA(p.number_of_kids_wanted)],
} as const;

export type ProfileFact = keyof typeof FACTS;

/** A definition list of the chosen facts: the card shows three, the list row all six. */
export function ProfileFacts({ profile, facts, className }: { profile: Profile; facts: readonly ProfileFact[]; className: string }) {
  return (
    <dl className={className}>
      {facts.map((fact) => {
        const [label, value] = FACTS[fact];
        return (
          <div key={fact}>
            <dt>{label}</dt>
            <dd>{value(profile)}</dd>
          </div>
        );
      })}
    </dl>
  );
}
