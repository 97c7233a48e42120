import { ImpersonateBody, Impersonation, RolesBody } from '../admin';
import { AdminUser, AdminUserQuery, TierBody, UserParams } from '../billing';
import {
  AdminPerson,
  AnalyticsReport,
  FlagKeyParams,
  FlagOverview,
  FlagValueBody,
  PeopleList,
  PeopleQuery,
  PersonFlags,
  PlanFlagParams,
  ReportQuery,
  UserFlagParams,
} from '../operators';
import { User } from '../users';
import { endpoint } from '../endpoint';

// A flag's value is checked against the flag; a model must be one the operator offers.
const flagValueErrors = ['invalid_flag_value', 'invalid_model'] as const;

/** Staff only: acting as a person, roles and plans, people, feature flags by layer, and the analytics report. */
export const ADMIN_ENDPOINTS = {
  impersonate: endpoint('impersonate', { tag: 'admin', body: ImpersonateBody, reply: { status: 200, schema: Impersonation }, errors: [] }),
  setUserRoles: endpoint('setUserRoles', { tag: 'admin', params: UserParams, body: RolesBody, reply: { status: 200, schema: User }, errors: [] }),
  adminUsers: endpoint('adminUsers', { tag: 'admin', query: AdminUserQuery, reply: { status: 200, schema: AdminUser }, errors: [] }),
  adminUser: endpoint('adminUser', { tag: 'admin', params: UserParams, reply: { status: 200, schema: AdminPerson }, errors: [] }),
  setUserTier: endpoint('setUserTier', {
    tag: 'admin',
    params: UserParams,
    body: TierBody,
    reply: { status: 200, schema: AdminUser },
    errors: ['own_plan', 'has_paid_subscription'],
  }),
  adminPeople: endpoint('adminPeople', { tag: 'admin', query: PeopleQuery, reply: { status: 200, schema: PeopleList }, errors: [] }),
  adminFlags: endpoint('adminFlags', { tag: 'admin', reply: { status: 200, schema: FlagOverview }, errors: [] }),
  setGlobalFlag: endpoint('setGlobalFlag', {
    tag: 'admin',
    params: FlagKeyParams,
    body: FlagValueBody,
    reply: { status: 200, schema: FlagOverview },
    errors: flagValueErrors,
  }),
  clearGlobalFlag: endpoint('clearGlobalFlag', { tag: 'admin', params: FlagKeyParams, reply: { status: 200, schema: FlagOverview }, errors: [] }),
  setPlanFlag: endpoint('setPlanFlag', {
    tag: 'admin',
    params: PlanFlagParams,
    body: FlagValueBody,
    reply: { status: 200, schema: FlagOverview },
    errors: flagValueErrors,
  }),
  clearPlanFlag: endpoint('clearPlanFlag', { tag: 'admin', params: PlanFlagParams, reply: { status: 200, schema: FlagOverview }, errors: [] }),
  setUserFlag: endpoint('setUserFlag', {
    tag: 'admin',
    params: UserFlagParams,
    body: FlagValueBody,
    reply: { status: 200, schema: PersonFlags },
    errors: flagValueErrors,
  }),
  clearUserFlag: endpoint('clearUserFlag', { tag: 'admin', params: UserFlagParams, reply: { status: 200, schema: PersonFlags }, errors: [] }),
  analytics: endpoint('analytics', { tag: 'admin', query: ReportQuery, reply: { status: 200, schema: AnalyticsReport }, errors: ['invalid_range'] }),
  analyticsCsv: endpoint('analyticsCsv', {
    tag: 'admin',
    description: 'text/csv: section, metric, dimension, day, value',
    query: ReportQuery,
    reply: { status: 200, kind: 'file', types: ['text/csv'] },
    errors: ['invalid_range'],
  }),
} as const;
