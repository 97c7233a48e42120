import {
  AppFunctionList,
  FunctionLogs,
  FunctionLogsQuery,
  FunctionParams,
  PutSecretBody,
  PutSecretReply,
  RunFunctionReply,
  SecretList,
  SecretParams,
} from '../functions';
import { DatasetParams } from '../app-data';
import { AppAiParams, AppAiSettings, OwnerAppAiUse, PutAppAiBody } from '../app-ai';
import { AppEmailParams, AppEmailSettings, Outbox, OutboxParams, PutAppEmailBody } from '../app-email';
import { AppPayment, AppPaymentList, PaymentParams, PaymentsParams } from '../app-payments';
import { endpoint } from '../endpoint';

/** The Secrets and Functions panels: the owner's view of their app's server code, per dataset. */
export const FUNCTIONS_ENDPOINTS = {
  appSecrets: endpoint('appSecrets', { tag: 'functions', params: DatasetParams, reply: { status: 200, schema: SecretList }, errors: [] }),
  putAppSecret: endpoint('putAppSecret', {
    tag: 'functions',
    params: SecretParams,
    body: PutSecretBody,
    reply: { status: 200, schema: PutSecretReply },
    errors: ['too_many_secrets'],
  }),
  deleteAppSecret: endpoint('deleteAppSecret', { tag: 'functions', params: SecretParams, reply: { status: 204, kind: 'empty' }, errors: [] }),
  appFunctions: endpoint('appFunctions', { tag: 'functions', params: DatasetParams, reply: { status: 200, schema: AppFunctionList }, errors: [] }),
  functionLogs: endpoint('functionLogs', {
    tag: 'functions',
    params: DatasetParams,
    query: FunctionLogsQuery,
    reply: { status: 200, schema: FunctionLogs },
    errors: [],
  }),
  // The panel's "Run now": as a schedule runs it (nobody signed in), logged as run by hand; what it answered is shown.
  runFunctionNow: endpoint('runFunctionNow', {
    tag: 'functions',
    params: FunctionParams,
    reply: { status: 200, schema: RunFunctionReply },
    errors: [
      'function_not_found',
      'function_build_failed',
      'function_error',
      'function_timeout',
      'function_stopped',
      'function_reply_too_large',
      'not_published',
    ],
  }),
  appAi: endpoint('appAi', { tag: 'functions', params: AppAiParams, reply: { status: 200, schema: AppAiSettings }, errors: [] }),
  putAppAi: endpoint('putAppAi', {
    tag: 'functions',
    params: AppAiParams,
    body: PutAppAiBody,
    reply: { status: 200, schema: AppAiSettings },
    errors: ['ai_cap_too_high'],
  }),
  ownerAppAiUse: endpoint('ownerAppAiUse', { tag: 'functions', reply: { status: 200, schema: OwnerAppAiUse }, errors: [] }),
  appEmail: endpoint('appEmail', { tag: 'functions', params: AppEmailParams, reply: { status: 200, schema: AppEmailSettings }, errors: [] }),
  putAppEmail: endpoint('putAppEmail', {
    tag: 'functions',
    params: AppEmailParams,
    body: PutAppEmailBody,
    reply: { status: 200, schema: AppEmailSettings },
    errors: [],
  }),
  appOutbox: endpoint('appOutbox', { tag: 'functions', params: OutboxParams, reply: { status: 200, schema: Outbox }, errors: [] }),
  appPayments: endpoint('appPayments', { tag: 'functions', params: PaymentsParams, reply: { status: 200, schema: AppPaymentList }, errors: [] }),
  // A test order is refunded at once; a live one through the owner's Stripe account first.
  refundAppPayment: endpoint('refundAppPayment', {
    tag: 'functions',
    params: PaymentParams,
    reply: { status: 200, schema: AppPayment },
    errors: ['payment_not_refundable', 'payments_not_set_up', 'payment_failed'],
  }),
} as const;
