import { describe, expect, it } from 'vitest';
import { asksNotToBeTracked, deviceOf } from './device-of';

const UA = {
  chromeDesktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  slack: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  curl: 'curl/8.5.0',
};

describe('deviceOf', () => {
  it('tells desktops, phones and tablets apart, and counts a headless browser as the desktop it is', () => {
    expect(deviceOf(UA.chromeDesktop)).toBe('desktop');
    expect(deviceOf(UA.headless)).toBe('desktop');
    expect(deviceOf(UA.iphone)).toBe('mobile');
    expect(deviceOf(UA.androidPhone)).toBe('mobile');
    expect(deviceOf(UA.androidTablet)).toBe('tablet');
    expect(deviceOf(UA.ipad)).toBe('tablet');
  });

  it('counts no crawler, link preview or HTTP library, nor a request that names no browser', () => {
    for (const ua of [UA.googlebot, UA.slack, UA.curl, '', undefined]) expect(deviceOf(ua)).toBeNull();
  });
});

describe('asksNotToBeTracked', () => {
  it('honours Do Not Track and Global Privacy Control, and nothing else', () => {
    expect(asksNotToBeTracked({ dnt: '1' })).toBe(true);
    expect(asksNotToBeTracked({ 'sec-gpc': '1' })).toBe(true);
    expect(asksNotToBeTracked({ dnt: '0' })).toBe(false);
    expect(asksNotToBeTracked({})).toBe(false);
  });
});
