import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { actionErrorText, errorText, NETWORK_ERROR_TEXT, paywallOf } from './error-text';

const api = (status: number, message?: string, body: Record<string, unknown> = {}) => new ApiError(status, 'Bad Gateway', 'internal', message, body);
const offline = new ApiError(0, 'Network error', 'network', NETWORK_ERROR_TEXT, {});

describe('errorText', () => {
  it('says the server’s message, else the network failure, else the status', () => {
    expect(errorText(api(409, 'A reply is still being written.'))).toBe('A reply is still being written.');
    expect(errorText(offline)).toBe(NETWORK_ERROR_TEXT);
    expect(errorText(new ApiError(0, 'Network error', 'network', undefined, {}))).toBe(NETWORK_ERROR_TEXT);
    expect(errorText(api(502))).toBe('Bad Gateway (502)');
    expect(errorText(api(502), { status: 'short' })).toBe('Bad Gateway');
  });

  it('says `otherwise` for what is not the API’s answer, and for what the options leave out', () => {
    expect(errorText(new Error('Upload failed (413)'))).toBe('Upload failed (413)');
    expect(errorText('boom')).toBe('Something went wrong.');
    expect(errorText(new TypeError('x is undefined'), { otherwise: 'Check your connection.' })).toBe('Check your connection.');
    expect(errorText(api(500), { status: 'none', otherwise: 'Could not load.' })).toBe('Could not load.');
    expect(errorText(offline, { status: 'none', otherwise: 'Could not load.' })).toBe(NETWORK_ERROR_TEXT);
    expect(errorText(offline, { status: 'none', network: false, otherwise: 'Could not load.' })).toBe('Could not load.');
  });

  it('builds the product’s error texts from the parts of the failure', () => {
    const format = (status: number, text: string, message?: string) => `Could not: ${text} (${status})${message ? ` - ${message}` : ''}`;
    expect(errorText(api(500, 'down'), { format })).toBe('Could not: Bad Gateway (500) - down');
    expect(errorText(new Error('fetch failed'), { format })).toBe('Could not: Network error (0) - fetch failed');
  });

  it('names the action that was refused', () => {
    expect(actionErrorText('unpublish', api(500), 'Could not unpublish. Please try again.')).toBe('Could not unpublish: Bad Gateway (500)');
    expect(actionErrorText('unpublish', offline, 'Could not unpublish. Please try again.')).toBe(NETWORK_ERROR_TEXT);
    expect(actionErrorText('unpublish', new Error('bug'), 'Could not unpublish. Please try again.')).toBe('Could not unpublish. Please try again.');
  });
});

describe('paywallOf', () => {
  it('reads the paywall of a 402, with a fallback when it names none', () => {
    const wall = { source: 'message_limit_reached', limitType: 'monthly' };
    expect(paywallOf(api(402, 'limit', { paywall: wall }), null)).toEqual(wall);
    expect(paywallOf(api(402, 'limit'), { source: 'deployment_limit_reached' })).toEqual({ source: 'deployment_limit_reached' });
    expect(paywallOf(api(402, 'limit'), null)).toBeNull();
    expect(paywallOf(api(409, 'busy', { paywall: wall }), { source: 'x' })).toBeNull();
  });
});
