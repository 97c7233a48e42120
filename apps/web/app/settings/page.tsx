import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { loginRedirectFor } from '@sprout/core';
import { getServerSession } from '@/lib/server/session';
import { SettingsView } from '@/features/settings';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage() {
  const session = await getServerSession();
  if (!session) redirect(loginRedirectFor('/settings'));
  const { id, email, displayName, tier } = session.user;
  return <SettingsView serverUser={{ id, email, displayName, tier }} />;
}
