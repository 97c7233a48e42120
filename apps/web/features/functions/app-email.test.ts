import type { AppEmailSettings } from '@sprout/core/contract';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { emailProblems, mailToday, type OutboxEmail } from './app-email';
import { AppEmailUse } from './app-email-use';
import { OutboxList } from './outbox-list';

const settings = (over: Partial<AppEmailSettings> = {}): AppEmailSettings => ({
  senderName: null,
  replyTo: null,
  fromAddress: 'apps@sprout.example',
  sentToday: { test: 3, live: 1_250 },
  perDay: { test: 20, live: 2_000 },
  delivery: 'smtp',
  ...over,
});
const mail = (over: Partial<OutboxEmail> = {}): OutboxEmail => ({
  id: 'm1',
  to: 'ada@example.com',
  subject: 'Your order',
  text: 'Thanks for the cake.\nIt ships Monday.',
  transactional: true,
  status: 'sent',
  error: null,
  createdAt: '2026-07-01T10:00:00.000Z',
  ...over,
});
const refused = (fields: { path: string; message: string }[]) =>
  new ApiError(400, 'Bad Request', 'invalid_request', `Invalid request: ${fields[0]?.path}: ${fields[0]?.message}`, { code: 'invalid_request', fields });

describe('mailToday', () => {
  it('counts the dataset shown against its own quota', () => {
    expect(mailToday(settings(), 'test')).toEqual({ text: '3 of 20 sent today from the preview', reached: false });
    expect(mailToday(settings(), 'live')).toEqual({ text: '1,250 of 2,000 sent today from the published app', reached: false });
  });

  it('is reached at the quota, and past it', () => {
    expect(mailToday(settings({ sentToday: { test: 20, live: 0 } }), 'test').reached).toBe(true);
    expect(mailToday(settings({ sentToday: { test: 0, live: 2_001 } }), 'live').reached).toBe(true);
  });
});

describe('emailProblems', () => {
  it('puts the API’s own sentence by the field it names', () => {
    expect(emailProblems(refused([{ path: 'replyTo', message: 'Reply-to must be one e-mail address, like you@example.com.' }]))).toEqual({
      replyTo: 'Reply-to must be one e-mail address, like you@example.com.',
    });
    const both = emailProblems(
      refused([
        { path: 'senderName', message: 'A sender name may not hold quotes, angle brackets or line breaks.' },
        { path: 'replyTo', message: 'Reply-to must be one e-mail address, like you@example.com.' },
      ]),
    );
    expect(Object.keys(both)).toEqual(['senderName', 'replyTo']);
  });

  it('gives the form what names no field: a server error, the network', () => {
    const down = new ApiError(503, 'Service Unavailable', 'unavailable', 'Sprout is busy.', {});
    expect(emailProblems(down)).toEqual({ form: 'Could not save the e-mail settings: Sprout is busy.' });
    expect(emailProblems(new Error('boom'))).toEqual({ form: 'Could not save the e-mail settings. Try again.' });
  });
});

describe('AppEmailUse', () => {
  it('shows the day’s count of the dataset shown, and no notice when mail is sent', () => {
    const out = renderToStaticMarkup(createElement(AppEmailUse, { settings: settings(), dataset: 'test' }));
    expect(out).toContain('3 of 20 sent today from the preview');
    expect(out).not.toContain('No mail server');
  });

  it('says when mail is only recorded, and when the quota is reached', () => {
    const out = renderToStaticMarkup(
      createElement(AppEmailUse, { settings: settings({ delivery: 'recorded', sentToday: { test: 0, live: 2_000 } }), dataset: 'live' }),
    );
    expect(out).toContain('No mail server is set up on this Sprout: mail is kept in the Outbox, not sent.');
    expect(out).toContain('2,000 of 2,000 sent today from the published app');
    expect(out).toContain('data-state="reached"');
  });
});

describe('OutboxList', () => {
  const html = (emails: OutboxEmail[]) => renderToStaticMarkup(createElement(OutboxList, { emails }));

  it('says what will appear when nothing was sent', () => {
    expect(html([])).toContain('No e-mails yet. When the app’s functions send mail, it appears here.');
  });

  it('lists to, subject, status and time, closed, with the text only once opened', () => {
    const out = html([mail()]);
    expect(out).toContain('ada@example.com');
    expect(out).toContain('Your order');
    expect(out).toContain('>Sent</span>');
    expect(out).toContain('<time dateTime="2026-07-01T10:00:00.000Z"');
    expect(out).toContain('aria-expanded="false"');
    expect(out).not.toContain('Thanks for the cake');
    expect(out).not.toContain('Not transactional');
  });

  it('marks mail that is not transactional and says why a mail did not go', () => {
    const out = html([
      mail({ id: 'a', status: 'failed', error: '550 No such user' }),
      mail({ id: 'b', status: 'unsubscribed', transactional: false }),
      mail({ id: 'c', status: 'not_sent', subject: '' }),
      mail({ id: 'd', status: 'sending' }),
    ]);
    expect(out).toContain('>Failed</span>');
    expect(out).toContain('550 No such user');
    expect(out).toContain('>Unsubscribed</span>');
    expect(out).toContain('Not transactional');
    expect(out).toContain('>Not sent</span>');
    expect(out).toContain('(no subject)');
    expect(out).toContain('>Sending</span>');
  });
});
