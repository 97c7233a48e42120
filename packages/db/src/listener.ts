import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from './create-db';

/** LISTEN on PostgreSQL channels over one dedicated connection that reconnects by itself. */
export interface ChannelListener {
  /** Starts listening (also after every reconnect); resolves once the first LISTEN is in place. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>;
  /** Called after the connection was lost and is back: notifications in between may be lost. */
  onReconnect(handler: () => void): void;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** Sends a notification (delivered to listeners once the surrounding transaction, if any, commits). */
export async function notifyChannel(db: Executor, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export function createPgListener(databaseUrl: string, opts: { onError?: (err: Error) => void } = {}): ChannelListener {
  const handlers = new Map<string, (payload: string) => void>();
  const reconnectHandlers: (() => void)[] = [];
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let delay = 200;
  let everConnected = false;

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      while (!closed) {
        const c = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
        c.on('error', (err) => {
          opts.onError?.(err);
          drop(c);
        });
        c.on('end', () => drop(c));
        c.on('notification', (n) => {
          if (n.payload !== undefined) handlers.get(n.channel)?.(n.payload);
        });
        try {
          await c.connect();
          if (closed) {
            await c.end();
            return;
          }
          for (const channel of handlers.keys()) await c.query(`listen ${channel}`);
          client = c;
          delay = 200;
          if (everConnected) for (const h of reconnectHandlers) h();
          everConnected = true;
          return;
        } catch (err) {
          opts.onError?.(err as Error);
          await c.end().catch((e: Error) => opts.onError?.(e));
          await new Promise((r) => setTimeout(r, delay));
          delay = Math.min(delay * 2, 5_000);
        }
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  // A lost connection is replaced at once; what was missed is reported through onReconnect.
  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    c.removeAllListeners('notification');
    void c.end().catch((e: Error) => opts.onError?.(e));
    if (!closed) void connect();
  };

  return {
    async listen(channel, onMessage) {
      if (!CHANNEL.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
      handlers.set(channel, onMessage);
      if (client) await client.query(`listen ${channel}`);
      else await connect();
    },
    onReconnect(handler) {
      reconnectHandlers.push(handler);
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      if (c) await c.end().catch((err: Error) => opts.onError?.(err));
    },
  };
}
