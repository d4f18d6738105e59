import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { LegalPage } from './legal-page.tsx';

export function Terms() {
  return (
    <LegalPage title="Terms and Conditions">
      <p className="updated">Last updated: November 2026</p>
      <p>
        These terms govern your use of Betroth, a members-only service for adults looking for a long-term partner or marriage. By creating
        an account you accept them. If you do not agree, please do not use Betroth.
      </p>

      <h2>1. Who may join</h2>
      <ul>
        <li>You must be between 18 and 100 years old and legally able to enter into this agreement.</li>
        <li>You may hold one personal account and must keep your sign-in details to yourself.</li>
        <li>Your profile must describe you truthfully, with photos of you. Photos are reviewed before they are shown.</li>
      </ul>

      <h2>2. What is free and what is paid</h2>
      <p>
        Creating a profile, browsing profiles, liking, passing and matching are free and without limits. Chatting with a match is the one
        paid feature: each chat credit unlocks one conversation with one match, and once unlocked that conversation has no message limit.
      </p>

      <h2>3. Credit packages</h2>
      <p>Credits are sold in packages of 1, 3, 5 or 7 credits. The price of each package is shown before you pay.</p>
      <ul>
        <li>Payments are processed by Stripe. Your card is charged once per purchase; there is no subscription.</li>
        <li>Credits never expire and stay on your account until you use them.</li>
        <li>
          Credits already used to unlock a conversation are not refunded, including when a match later unmatches, blocks you or deletes
          their profile. Where the law gives you a right to a refund for unused credits, contact us and we will honour it.
        </li>
        <li>Credits have no cash value and cannot be transferred to another member.</li>
      </ul>

      <h2>4. How to behave</h2>
      <ul>
        <li>Be respectful. Harassment, threats, hate speech and sexual content sent without consent are forbidden.</li>
        <li>Do not ask members for money, advertise, or use Betroth for any commercial purpose.</li>
        <li>Do not collect other members' information or try to find out where they live.</li>
        <li>Do not use automated tools to access the service.</li>
      </ul>

      <h2>5. Blocking and reporting</h2>
      <p>
        You can block any member. Once blocked, neither of you can see the other in discovery. You can unblock a member later from the Likes
        screen. We may suspend or close accounts that break these terms.
      </p>

      <h2>6. Deleting your profile</h2>
      <p>
        You can delete your profile at any time from your profile screen. Deletion is permanent: your profile, photos, likes, matches and
        conversations are removed and cannot be restored. Unused credits are lost when you delete your profile. See the{' '}
        <Link to={paths.privacy}>Privacy Policy</Link> for what we keep.
      </p>

      <h2>7. Safety</h2>
      <p>
        Betroth does not run background checks on members. Take care when you meet someone: meet in a public place, tell a friend where you
        are going, and never send money to someone you have not met.
      </p>

      <h2>8. Liability</h2>
      <p>
        We provide Betroth as it is and do our best to keep it available and secure, but we cannot promise that you will find a match or
        that the service will never be interrupted. Nothing in these terms limits rights you have under consumer law that cannot be limited.
      </p>

      <h2>9. Changes</h2>
      <p>
        We may update these terms. When the change matters, we will tell you in the app before it takes effect. Continuing to use Betroth
        after that means you accept the new terms.
      </p>
    </LegalPage>
  );
}
