import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import './layout.css';

/** Centered card for the public account screens, with the brand above. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="auth-page">
      <main className="auth-card">
        <Link to={paths.signin} className="auth-brand" aria-label="Betroth">
          <img src="/icons/logo.svg" alt="" width={48} height={48} />
          <span>Betroth</span>
        </Link>
        <h1 className="auth-title">{title}</h1>
        {subtitle ? <div className="auth-subtitle">{subtitle}</div> : null}
        {children}
      </main>
    </div>
  );
}
