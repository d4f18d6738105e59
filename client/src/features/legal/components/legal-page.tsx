import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.tsx';
import './legal.css';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  return (
    <div className="legal">
      <nav className="legal-top" aria-label="Legal pages">
        <Link to={isAuthenticated ? paths.home : paths.signin}>← {isAuthenticated ? 'Back to Betroth' : 'Back to Sign In'}</Link>
        <Link to={title === 'Privacy Policy' ? paths.terms : paths.privacy}>
          {title === 'Privacy Policy' ? 'Terms and Conditions' : 'Privacy Policy'}
        </Link>
      </nav>
      <main>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
