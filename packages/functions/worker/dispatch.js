// The entry of an app version's workerd process: hands each call to the function it names (each is a
// Worker, an isolate of its own, bound here as `fn_<name>` with dashes as underscores), and answers
// the runtime's ping, which tells it the process is not stuck.
export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === '/__ping') return new Response('ok');
    const binding = `fn_${pathname.slice(1).replaceAll('-', '_')}`;
    if (!/^fn_[a-z0-9_]+$/.test(binding) || !Object.hasOwn(env, binding)) {
      return Response.json({ status: 404, headers: [], body: null, logs: [], error: { kind: 'not_found', message: 'No such function.' } });
    }
    return env[binding].fetch(request);
  },
};
