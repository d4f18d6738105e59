import { Fragment, type ReactNode } from 'react';
import { fieldsInSection, type ProfileSection } from '@contract/profile-fields.ts';
import { editSectionId } from '@/config/paths.ts';
import { ProfileField } from './profile-field.tsx';

/** Fields drawn by one component together (location, height and weight), in catalogue position. */
export interface FieldGroup {
  key: string;
  fields: readonly string[];
  render: () => ReactNode;
}

/** One edit-screen section, generated from the catalogue's editable fields of that section. */
export function CatalogueSection({ section, groups = [] }: { section: ProfileSection; groups?: readonly FieldGroup[] }) {
  const fields = fieldsInSection(section).filter((f) => f.editable);
  const drawn = new Set<string>();
  const id = editSectionId(section);
  return (
    <section className="edit-section card" aria-labelledby={id}>
      <h2 id={id}>{section}</h2>
      <div className="edit-grid">
        {fields.map((field) => {
          const group = groups.find((g) => g.fields.includes(field.name));
          if (!group) return <ProfileField key={field.name} field={field} />;
          if (drawn.has(group.key)) return null;
          drawn.add(group.key);
          return <Fragment key={group.key}>{group.render()}</Fragment>;
        })}
      </div>
    </section>
  );
}
