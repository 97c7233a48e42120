/** What one workerd process serves: an app version's functions, and where it talks to Sprout. */
export interface RuntimeConfigInput {
  /** The functions, by name (lower-case letters, digits and dashes), each with its bundle's file relative to the config. */
  functions: { name: string; file: string }[];
  /** Unix socket the process serves calls on. */
  callSocket: string;
  /** Unix socket of Sprout's bridge (ctx.db). */
  bridgeSocket: string;
  /** host:port pairs functions may reach whatever their address (FUNCTIONS_ALLOW_HOSTS). */
  allowedHosts: string[];
  /** Host names (and their subdomains) of Sprout itself, refused by name. */
  blockedHosts: string[];
  /** V8 heap limit of the process, in MB. */
  memoryMb: number;
  compatibilityDate: string;
}

const FUNCTION_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A Cap'n Proto text literal; the values written here are ASCII paths, names and JSON. */
function str(value: string): string {
  if (!/^[\x20-\x7e]*$/.test(value)) throw new Error(`Not printable ASCII: ${JSON.stringify(value)}`);
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

const binding = (name: string) => `fn_${name.replaceAll('-', '_')}`;

/**
 * The workerd configuration (Cap'n Proto text) of one app version: a dispatch Worker on the call
 * socket, one Worker per function (each its own isolate, its own globals: one function's state or
 * crash on import never reaches another), all outbound fetches through the egress Worker, and the
 * bridge to Sprout as the only other service a function can name. No Node compatibility: no
 * process, no environment, no file system.
 */
export function runtimeConfig(o: RuntimeConfigInput): string {
  for (const fn of o.functions) if (!FUNCTION_NAME.test(fn.name)) throw new Error(`Invalid function name: ${fn.name}`);
  const date = str(o.compatibilityDate);
  const worker = (modules: [string, string][], bindings: string[], outbound: string) =>
    `worker = (compatibilityDate = ${date}, modules = [${modules
      .map(([name, file]) => `(name = ${str(name)}, esModule = embed ${str(file)})`)
      .join(', ')}], bindings = [${bindings.join(', ')}], globalOutbound = ${str(outbound)})`;
  const services = [
    `(name = "dispatch", ${worker(
      [['dispatch.js', 'dispatch.js']],
      o.functions.map((fn) => `(name = ${str(binding(fn.name))}, service = ${str(`fn-${fn.name}`)})`),
      'public-net',
    )})`,
    ...o.functions.map(
      (fn) =>
        `(name = ${str(`fn-${fn.name}`)}, ${worker(
          [
            ['call-function.js', 'call-function.js'],
            ['function.js', fn.file],
          ],
          ['(name = "SPROUT", service = "bridge")'],
          'egress',
        )})`,
    ),
    `(name = "egress", ${worker(
      [['egress.js', 'egress.js']],
      [
        '(name = "PUBLIC", service = "public-net")',
        '(name = "ALLOWED", service = "allowed-net")',
        `(name = "ALLOWED_HOSTS", text = ${str(JSON.stringify(o.allowedHosts))})`,
        `(name = "BLOCKED_HOSTS", text = ${str(JSON.stringify(o.blockedHosts))})`,
      ],
      'public-net',
    )})`,
    '(name = "public-net", network = (allow = ["public"]))',
    '(name = "allowed-net", network = (allow = ["public", "private"]))',
    `(name = "bridge", external = (address = ${str(`unix:${o.bridgeSocket}`)}, http = ()))`,
  ];
  return [
    'using Workerd = import "/workerd/workerd.capnp";',
    'const config :Workerd.Config = (',
    `  v8Flags = [${str(`--max-old-space-size=${o.memoryMb}`)}],`,
    `  services = [\n    ${services.join(',\n    ')}\n  ],`,
    `  sockets = [(name = "calls", address = ${str(`unix:${o.callSocket}`)}, http = (), service = "dispatch")],`,
    ');',
    '',
  ].join('\n');
}
