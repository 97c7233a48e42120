import { ProsePage } from '@/ui/prose-page';
import { serverConfig } from '@/lib/server/config';

export const metadata = { title: 'Privacy Policy' };

export default function PrivacyPage() {
  const { supportEmail } = serverConfig();
  return (
    <ProsePage title="Privacy Policy" updated="22 November 2026">
      <p>This policy explains what Sprout collects, why, and what control you have. We collect as little as we can to run the service.</p>
      <h2>What we collect</h2>
      <ul>
        <li>Account data: your email address, your name, and a salted hash of your password (never the password itself).</li>
        <li>Your projects: prompts, chat messages, generated files and their versions, so you can go back to any earlier state.</li>
        <li>Usage: the number of projects and messages, used to apply your plan’s limits.</li>
        <li>Product analytics: pages viewed and actions such as sending a prompt or publishing, stored by Sprout itself.</li>
        <li>Error reports from your browser, so we can fix what breaks.</li>
      </ul>
      <h2>What we do not do</h2>
      <ul>
        <li>We do not sell your data or use your private projects to advertise to you.</li>
        <li>Generated apps run on their own isolated origins and can never read your Sprout session.</li>
      </ul>
      <h2>Service providers</h2>
      <p>
        When a model provider is configured, your prompts and the relevant project files are sent to it to generate code. If analytics or error-reporting
        forwarding is enabled by the operator, events are also sent to that provider. Payments are handled by the payment provider; we never see your full card
        number.
      </p>
      <h2>Cookies and storage</h2>
      <p>
        Sprout sets one session cookie named <code>sprout</code> (HTTP-only, signed, 12 days) and keeps your sign-in tokens, theme and notification preference
        in your browser’s local storage.
      </p>
      <h2>Your rights</h2>
      <p>
        You can export every project, change your details in Settings, and ask us to delete your account and data by writing to{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. We answer within 30 days.
      </p>
    </ProsePage>
  );
}
