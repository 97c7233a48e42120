'use client';
import type { User } from '@sprout/core/contract';
import { useEffect } from 'react';
import Link from 'next/link';
import { useAppServices } from '@/lib/api/services';
import { useAuth } from '@/lib/api/auth';
import { signedInOnly } from '@/features/auth';
import { Skeletons } from '@/ui/skeleton';
import { DisplayNameForm, EmailSettings, PasswordForm, SignOutEverywhere, DeleteAccount } from '@/features/account';
import { PlanDetails } from '@/features/billing';
import { AccessTokensSection } from '@/features/access-tokens';
import { SettingsHeader } from './settings-nav';
import { SettingsSection } from './settings-section';
import { SoundSetting } from './sound-setting';
import { useMe } from '@/lib/api/profile';

export type SettingsServerUser = Pick<User, 'id' | 'email' | 'displayName' | 'tier'>;

function Settings({ serverUser }: { serverUser: SettingsServerUser | null }) {
  const { user } = useAuth();
  const { identity } = useAppServices();
  const me = useMe();
  // The profile as the API has it now; the session's copy may be older (another device renamed).
  const profileName = me.data?.displayName ?? (me.isError ? user?.displayName : undefined);

  useEffect(() => {
    if (me.data && user && me.data.displayName !== user.displayName) identity.updateUser({ displayName: me.data.displayName });
  }, [me.data, user, identity]);

  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:py-10">
      <SettingsHeader title="Settings" description="Your profile, how you sign in, this device’s preferences and your plan." />

      <SettingsSection id="settings-profile" title="Profile" description="How you appear in Sprout.">
        <div className="grid gap-5">
          {/* The form waits for the current name: the session's copy may predate a rename elsewhere. */}
          {user && profileName !== undefined ? (
            <DisplayNameForm key={user.id} initialName={profileName} />
          ) : (
            <Skeletons label="Loading profile" bars={['h-4 w-24', 'h-10 w-full', 'h-9 w-28']} />
          )}
        </div>
      </SettingsSection>

      <SettingsSection id="settings-email" title="Email address" description="Where we send links and notices. You sign in with it.">
        <EmailSettings />
      </SettingsSection>

      <SettingsSection id="settings-password" title="Password" description="Changing it signs out every other device.">
        <PasswordForm />
      </SettingsSection>

      <SettingsSection id="settings-sessions" title="Sessions">
        <SignOutEverywhere />
      </SettingsSection>

      <SettingsSection
        id="settings-access-tokens"
        title="Access tokens"
        description="Passwords for git: clone, pull and push your projects. Each is shown once, when you create it."
      >
        <AccessTokensSection />
      </SettingsSection>

      <SettingsSection id="settings-notifications" title="Notifications" description="Preferences kept on this device.">
        <SoundSetting />
      </SettingsSection>

      <SettingsSection id="settings-plan" title="Plan" description="What your plan includes.">
        <div className="grid gap-4">
          <PlanDetails returnTo="/settings" />
          <p className="text-sm text-muted-foreground">
            See your usage on the{' '}
            <Link
              href="/settings/billing"
              className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              Billing page
            </Link>
            .
          </p>
        </div>
      </SettingsSection>

      <SettingsSection id="settings-delete" title="Delete account">
        <DeleteAccount />
      </SettingsSection>
    </main>
  );
}

export const SettingsView = signedInOnly(Settings);
