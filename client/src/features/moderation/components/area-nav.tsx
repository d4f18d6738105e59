import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths.ts';

/** The area's two lists as links, the one shown marked as the current page (NavLink's aria-current). */
export function AreaNav() {
  return (
    <nav aria-label="Moderation">
      <ul className="mod-tabs">
        <li>
          <NavLink to={paths.moderation} end>
            Reports
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.moderationFaces}>Face matches</NavLink>
        </li>
      </ul>
    </nav>
  );
}
