import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { LegalPage } from './legal-page.tsx';

export function Privacy() {
  return (
    <LegalPage title="Privacy Policy">
      <p className="updated">Last updated: November 2026</p>
      <p>
        Betroth helps adults find a long-term partner. To do that we need personal information, some of it sensitive. This policy explains
        what we collect, why, who sees it, and how to remove it.
      </p>

      <h2>1. What we collect</h2>
      <ul>
        <li>
          <strong>Account:</strong> username, email address, optional phone number and a password, which we store only as a secure hash.
        </li>
        <li>
          <strong>Profile:</strong> date of birth, gender, and the answers you choose to give about appearance, health, family, finances,
          lifestyle, religion and what you expect from a relationship.
        </li>
        <li>
          <strong>Activity:</strong> likes, passes, matches, blocks, saved filters and the messages you send in unlocked chats.
        </li>
        <li>
          <strong>Payments:</strong> the packages you bought, the amount, the date and the status of each payment.
        </li>
      </ul>

      <h2>2. Location: city level only</h2>
      <p>
        We never read your device's location. Your location is the country, state and city you type in your profile; we place you at the
        centre of that city. Distances shown to other members are rounded to whole miles and kilometres, so no one can work out where you
        live.
      </p>

      <h2>3. Photos and the face liveness check</h2>
      <p>
        Photos you upload are checked before other members can see them. Your first photo must be taken with a face liveness check, which
        confirms a real person is in front of the camera at that moment. The check is used only for that purpose; we do not build a face
        database and do not use it to identify you elsewhere. Photos are served through links that expire.
      </p>

      <h2>4. Who can see what</h2>
      <ul>
        <li>Members of the opposite gender can see your profile and photos in discovery, unless one of you blocked the other.</li>
        <li>Your email, phone number and date of birth are visible only to you; others see your age.</li>
        <li>Messages are visible only to you and the match you are talking with.</li>
      </ul>

      <h2>5. Payments</h2>
      <p>
        Payments are handled by Stripe. Your card details go directly to Stripe and never reach our servers. We receive only what we need to
        credit your account and keep our accounts: the package, amount, currency, date and status.
      </p>

      <h2>6. Why we use your information</h2>
      <ul>
        <li>To run your account and show you profiles that fit your filters.</li>
        <li>To create matches, deliver messages and add the credits you bought.</li>
        <li>To keep members safe: reviewing photos, enforcing blocks and investigating abuse.</li>
        <li>To send the emails you ask for, such as a password reset link.</li>
      </ul>
      <p>We do not sell your information and we do not show advertising.</p>

      <h2>7. Deleting your data</h2>
      <p>
        You can delete your profile at any time from your profile screen. Deletion removes everything about you: your account, profile,
        photos, likes, matches, messages and filters. The only exception is payment records, which we must keep for accounting and tax law;
        they are kept without your profile.
      </p>

      <h2>8. Security</h2>
      <p>
        Connections are encrypted, passwords are hashed, and signing out, resetting your password or deleting your profile ends your
        sessions.
      </p>

      <h2>9. Contact and changes</h2>
      <p>
        If you have a question about your data, contact us from the email address on your account. We will tell you in the app before any
        important change to this policy. See also our <Link to={paths.terms}>Terms and Conditions</Link>.
      </p>
    </LegalPage>
  );
}
