import { ProsePage } from '@/ui/prose-page';
import { serverConfig } from '@/lib/server/config';

export const metadata = { title: 'Terms of Service' };

export default function TermsPage() {
  const { supportEmail } = serverConfig();
  return (
    <ProsePage title="Terms of Service" updated="22 November 2026">
      <p>
        These terms govern your use of Sprout, a service that turns descriptions written in plain language into working web applications. By creating an account
        you agree to them. If you use Sprout for an organisation, you accept them on its behalf.
      </p>
      <h2>Your account</h2>
      <ul>
        <li>You must give accurate information and keep your password secret. You are responsible for what happens under your account.</li>
        <li>You must be at least 16 years old, or the age of digital consent where you live.</li>
        <li>Tell us at {supportEmail} if you believe someone else is using your account.</li>
      </ul>
      <h2>What you build is yours</h2>
      <p>
        You own the prompts you write and the code Sprout generates for you. You can export any project as a standalone project at any time and run it anywhere,
        with or without Sprout. You give us the rights we need to store, build, preview and publish your projects for you, and nothing more.
      </p>
      <h2>Acceptable use</h2>
      <ul>
        <li>Do not build or publish anything unlawful, deceptive (such as phishing pages), hateful, or that infringes someone else’s rights.</li>
        <li>Do not try to break, overload or get around the limits and security of the service or of other people’s projects.</li>
        <li>Do not use published apps to collect personal data without telling people what you collect and why.</li>
      </ul>
      <p>We may take down published apps that break these rules and will tell you why.</p>
      <h2>Plans, limits and payment</h2>
      <p>
        The Free plan includes a limited number of projects and messages. Paid plans raise these limits as described on the pricing page. Subscriptions renew
        until cancelled; a downgrade takes effect at the end of the paid period and never deletes your projects. Subscriptions bought in the App Store or Play
        Store are managed there.
      </p>
      <h2>AI output</h2>
      <p>
        Generated code can contain mistakes. Review what you publish, especially anything that handles payments, personal data or security. Sprout is provided
        as is, without warranties beyond those the law requires.
      </p>
      <h2>Ending</h2>
      <p>
        You can stop using Sprout and delete your account at any time. We may suspend accounts that seriously or repeatedly break these terms. Before we delete
        data for any reason other than your request, we give you a chance to export your projects.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </ProsePage>
  );
}
