// Every outbound fetch of an app's functions passes here (their globalOutbound), redirects included:
// the host:port pairs an operator allowed (tests, a self-hoster's internal service) go out
// unrestricted; Sprout's own hosts are refused by name; everything else goes to the network service
// that reaches public addresses only (workerd checks each address a name resolves to, so DNS that
// points at a private address is refused too).
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const host = url.hostname.toLowerCase().replace(/\.$/, '');
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    // An IPv6 hostname keeps its brackets ([::1]), as host:port lists write it.
    if (JSON.parse(env.ALLOWED_HOSTS).includes(`${host}:${port}`)) return env.ALLOWED.fetch(request);
    const blocked = JSON.parse(env.BLOCKED_HOSTS);
    if (blocked.some((b) => host === b || host.endsWith(`.${b}`))) {
      return new Response(`Functions cannot call Sprout's own addresses (${host}).`, { status: 403, headers: { 'x-sprout-egress': 'refused' } });
    }
    try {
      return await env.PUBLIC.fetch(request);
    } catch (err) {
      // workerd refuses a private, loopback or link-local address (or a name resolving to one) with an
      // opaque error; the function's author is told why.
      const why = err instanceof Error ? err.message : String(err);
      return new Response(`Could not reach ${host}: functions reach public internet addresses only (${why}).`, {
        status: 502,
        headers: { 'x-sprout-egress': 'refused' },
      });
    }
  },
};
