import type { CreditPackageId } from '@contract/credit-packages.ts';
import type { CreditPackage } from '../api/get-packages.ts';
import { currencyCode, formatPrice, isBestValue, packageTitle, perCreditText, savingsText } from '../hooks/credits-state.ts';

interface PackageGridProps {
  packages: CreditPackage[];
  /** The package whose checkout is being opened; every button is disabled meanwhile. */
  pendingId: CreditPackageId | null;
  onPurchase: (packageId: CreditPackageId) => void;
}

/** 'Choose a Package': one card per package, the best value flagged, a Purchase button on each. */
export function PackageGrid({ packages, pendingId, onPurchase }: PackageGridProps) {
  // What a credit costs alone, so the bigger packages can say how much they save.
  const single = packages.find((pkg) => pkg.credits === 1)?.price;
  return (
    <section className="credits-section" aria-labelledby="packages-title">
      <h2 id="packages-title">Choose a Package</h2>
      <ul className="package-grid">
        {packages.map((pkg) => {
          const best = isBestValue(pkg.id);
          const price = formatPrice(pkg.price, pkg.currency);
          const code = currencyCode(pkg.currency);
          const pending = pendingId === pkg.id;
          const titleId = `package-${pkg.id}`;
          const saving = savingsText(pkg.price, pkg.credits, single);
          return (
            <li key={pkg.id} className={`package-card${best ? ' is-best' : ''}`} data-package={pkg.id}>
              {best ? <span className="best-badge">BEST VALUE</span> : null}
              <h3 id={titleId} className="package-title">
                {packageTitle(pkg.credits)}
              </h3>
              <p className="package-price">
                <span className="price-amount">{price}</span>
                {code === 'USD' ? <span className="price-currency"> {code}</span> : null}
              </p>
              <p className="package-unit">{perCreditText(pkg.price, pkg.credits, pkg.currency)}</p>
              {saving ? <p className="package-saving">{saving}</p> : null}
              <button
                type="button"
                className="btn btn-primary btn-block"
                disabled={pendingId !== null}
                aria-busy={pending || undefined}
                aria-label={
                  pending ? `Opening checkout for ${packageTitle(pkg.credits)}...` : `Purchase ${packageTitle(pkg.credits)} for ${price}`
                }
                onClick={() => onPurchase(pkg.id)}
              >
                {pending ? (
                  <>
                    <span className="btn-spinner" aria-hidden="true" />
                    Opening...
                  </>
                ) : (
                  'Purchase'
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
