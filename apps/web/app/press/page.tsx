import { ProsePage } from '@/ui/prose-page';
import { Logo } from '@/ui/logo';
import { serverConfig } from '@/lib/server/config';

export const metadata = { title: 'Press' };

export default function PressPage() {
  const { supportEmail, blogUrl } = serverConfig();
  return (
    <ProsePage title="Press">
      <p>
        Sprout is an AI app builder. People describe an app, game or website in plain language; Sprout writes a working React app, shows it running within
        seconds, lets them improve it by chat, and publishes it at a public address — no setup, no code required.
      </p>
      <h2>Fast facts</h2>
      <ul>
        <li>Instant previews: each project is bundled in milliseconds and runs on its own isolated origin.</li>
        <li>Nothing is lost: every change is saved as a version that can be restored at any time.</li>
        <li>No lock-in: every project exports as a standard Vite project that builds anywhere.</li>
        <li>Plans: Free, and Premium with 100, 250, 500 or 1000 messages a month. Mobile apps for iOS and Android.</li>
      </ul>
      <h2>Brand</h2>
      <div className="flex items-center gap-4 rounded-xl border bg-card p-6">
        <Logo className="size-14" />
        <div>
          <p className="text-lg font-semibold">Sprout</p>
          <p className="text-sm text-muted-foreground">Please write “Sprout” with a capital S; the mark may not be altered or recoloured.</p>
        </div>
      </div>
      <h2>Contact</h2>
      <p>
        Press enquiries: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. News and product updates: <a href={blogUrl}>our blog</a>.
      </p>
    </ProsePage>
  );
}
