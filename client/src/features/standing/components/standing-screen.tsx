import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { useStatements } from '../api/get-statements.ts';
import { NO_STATEMENTS, NOT_RESTRICTED, RESTRICTED_NOTE, restrictionHeadline } from '../hooks/standing-text.ts';
import { AccountActions } from './account-actions.tsx';
import { StatementCard } from './statement-card.tsx';
import './standing.css';

interface StandingScreenProps {
  onSignOut: () => void;
  onDelete: () => Promise<boolean>;
}

/**
 * Account standing: the restriction in force (if any), every statement of reasons with its
 * appeal, and the account's own actions. It stands alone, with no way into the rest of the app
 * while the account is restricted; once nothing restricts it, "Back to Betroth" leads home.
 */
export function StandingScreen({ onSignOut, onDelete }: StandingScreenProps) {
  const { data, error, isLoading, mutate } = useStatements();
  const headline = data ? restrictionHeadline(data.restriction) : null;

  return (
    <div className="standing-page">
      <main className="page standing" aria-labelledby="standing-title">
        <p className="standing-brand">
          <img src="/icons/logo.svg" alt="" width={32} height={32} />
          <span>Betroth</span>
        </p>
        <h1 id="standing-title">Account standing</h1>

        {isLoading ? <Spinner label="Loading your account standing..." /> : null}

        {error && !data ? (
          <div className="card standing-error">
            <p role="alert">We could not load your account standing.</p>
            <button type="button" className="btn btn-primary" onClick={() => void mutate()}>
              Try again
            </button>
          </div>
        ) : null}

        {data ? (
          <>
            <section className={headline ? 'card standing-summary is-restricted' : 'card standing-summary'} aria-label="Restriction">
              {headline ? (
                <>
                  <p className="standing-headline">{headline}</p>
                  <p>{RESTRICTED_NOTE}</p>
                </>
              ) : (
                <>
                  <p className="standing-headline">{NOT_RESTRICTED}</p>
                  <Link to={paths.home} className="btn btn-primary">
                    Back to Betroth
                  </Link>
                </>
              )}
            </section>

            <section className="standing-statements" aria-labelledby="standing-statements-title">
              <h2 id="standing-statements-title">Statements of reasons</h2>
              {data.statements.length === 0 ? (
                <p className="standing-empty">{NO_STATEMENTS}</p>
              ) : (
                <ul className="statement-list">
                  {data.statements.map((statement) => (
                    <li key={statement.id}>
                      <StatementCard statement={statement} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        ) : null}

        <AccountActions onSignOut={onSignOut} onDelete={onDelete} />
      </main>
    </div>
  );
}
