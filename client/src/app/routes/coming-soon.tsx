import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';

/** Honest placeholder for screens that belong to later issues. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="page coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{title}</h1>
      <p>This screen is coming soon. We are still building it.</p>
      <Link to={paths.home} className="btn btn-primary">
        Back to Discovery
      </Link>
    </section>
  );
}
