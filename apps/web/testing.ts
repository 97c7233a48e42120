// @sprout/web/testing: what the browser suites need of the web server to attack it from outside
// (signing a session cookie as a forger who knows the secret would).
export { SESSION_COOKIE, signSession } from './lib/session-cookie';
