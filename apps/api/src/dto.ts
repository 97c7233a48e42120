import { z } from 'zod';
import { parseRoles, planLabel } from '@sprout/core';
import type { SproutRow, UserWithTier } from '@sprout/db';

export const UserDto = z
  .object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    emailVerified: z.boolean(),
    photoURL: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    tenantId: z.string().nullable(),
    roles: z.array(z.string()),
    tier: z.string(),
    planLabel: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type UserDto = z.infer<typeof UserDto>;

export function toUserDto(u: UserWithTier): UserDto {
  return {
    id: u.id,
    email: u.email,
    displayName: u.displayName,
    emailVerified: u.emailVerified,
    photoURL: u.photoUrl,
    phoneNumber: u.phoneNumber,
    tenantId: u.tenantId,
    roles: parseRoles(u.roles),
    tier: u.tier,
    planLabel: planLabel(u.tier),
    createdAt: u.createdAt.toISOString(),
  };
}

export const SproutDto = z
  .object({
    id: z.string(),
    displayName: z.string(),
    isDeploymentEnabled: z.boolean(),
    publicUrl: z.string().nullable(),
    isPinned: z.boolean(),
    published: z.boolean().describe('isDeploymentEnabled && publicUrl'),
    shareEnabled: z.boolean(),
    currentVersionId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Sprout' });
export type SproutDto = z.infer<typeof SproutDto>;

export function toSproutDto(s: SproutRow): SproutDto {
  return {
    id: s.id,
    displayName: s.displayName,
    isDeploymentEnabled: s.isDeploymentEnabled,
    publicUrl: s.publicUrl,
    isPinned: s.isPinned,
    published: s.isDeploymentEnabled && !!s.publicUrl,
    shareEnabled: s.shareEnabled,
    currentVersionId: s.currentVersionId,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export const QuotaDto = z.object({
  limit: z.number().int().nullable().describe('null = unlimited'),
  used: z.number().int(),
  available: z.number().int().nullable().describe('null = unlimited'),
});

export const UsageDto = z
  .object({
    tier: z.string(),
    projects: QuotaDto,
    dailyMessages: QuotaDto,
    monthlyMessages: QuotaDto,
  })
  .meta({ id: 'Usage' });

export const ErrorDto = z
  .looseObject({
    code: z.string(),
    message: z.string(),
    fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

export const errorResponses = {
  400: ErrorDto,
  401: ErrorDto,
  404: ErrorDto,
} as const;
