import type { Paywall, UsageStats } from '@sprout/core';

export interface Sprout {
  id: string;
  displayName: string;
  isDeploymentEnabled: boolean;
  publicUrl: string | null;
  isPinned: boolean;
  published: boolean;
  shareEnabled: boolean;
  currentVersionId: string | null;
  createdAt: string;
  updatedAt: string;
}

export type Usage = UsageStats;
export type { Paywall };
