import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/connection';

type Log = { warn(obj: unknown, msg: string): void };

/** Messages between server processes over PostgreSQL's LISTEN/NOTIFY (decision 241). */
export interface Notifications {
  /** Sends `payload` (under 8,000 bytes) to every process listening on `channel`, itself included. */
  notify(channel: string, payload: string): Promise<void>;
  /** Calls `listener` for each message on `channel`; the returned function stops it. */
  listen(channel: string, listener: (payload: string) => void): () => void;
  /** Resolves once every channel asked for so far is being listened to. */
  ready(): Promise<void>;
  /** Whether messages on `channel` reach this process now (its LISTEN connection is up). */
  listening(channel: string): boolean;
  /**
   * Calls `listener(false)` when the LISTEN connection is lost (messages sent until it is back
   * are missed) and `listener(true)` when it listens again.
   */
  onConnectionChange(listener: (listening: boolean) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
const RECONNECT_MS = 1000;

/**
 * One LISTEN connection per process, outside the query pool (a pooled connection would be
 * handed to queries and lose its LISTENs), fanning messages out to this process's listeners.
 * NOTIFY goes through the pool. A lost connection is reopened after a second and listens again;
 * messages sent while it was down are lost, which is what its users accept (a cache cleared a
 * moment late by its own expiry, a live view that a refresh completes).
 */
export function createPgNotifications(options: { db: Db; log: Log }): Notifications {
  const url = options.db.url;
  if (!url) throw new Error('LISTEN/NOTIFY needs a PostgreSQL database');
  let pending: Promise<unknown> = Promise.resolve();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  // The channels LISTENed to on `client` (or on the connection being opened).
  const active = new Set<string>();
  const watchers = new Set<(listening: boolean) => void>();
  const tell = (listening: boolean) => {
    for (const watcher of watchers) {
      try {
        watcher(listening);
      } catch (err) {
        options.log.warn({ err }, 'a connection watcher failed');
      }
    }
  };
  let connecting: Promise<pg.Client | null> | null = null;
  let closed = false;

  const connect = (): Promise<pg.Client | null> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (m) => {
        for (const listener of listeners.get(m.channel) ?? []) {
          try {
            listener(m.payload ?? '');
          } catch (err) {
            options.log.warn({ err, channel: m.channel }, 'a notification listener failed');
          }
        }
      });
      c.on('error', (err) => {
        options.log.warn({ err }, 'the LISTEN connection was lost; reconnecting');
        lost(c);
      });
      c.on('end', () => lost(c));
      try {
        await c.connect();
        for (const channel of listeners.keys()) {
          await c.query(`LISTEN ${channel}`);
          active.add(channel);
        }
        client = c;
        tell(true);
        return c;
      } catch (err) {
        active.clear();
        options.log.warn({ err }, 'could not open the LISTEN connection; retrying');
        await c.end().catch(() => undefined);
        setTimeout(() => void reconnect(), RECONNECT_MS).unref();
        return null;
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  };
  const reconnect = async () => {
    if (!closed && !client && listeners.size) await connect();
  };
  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    active.clear();
    tell(false);
    c.removeAllListeners('notification');
    if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
  };

  return {
    async notify(channel, payload) {
      if (!CHANNEL.test(channel)) throw new Error(`Invalid channel: ${channel}`);
      await sql`SELECT pg_notify(${channel}, ${payload})`.execute(options.db.kysely);
    },
    listen(channel, listener) {
      if (!CHANNEL.test(channel)) throw new Error(`Invalid channel: ${channel}`);
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        const c = client;
        // One statement at a time on the connection: a LISTEN waits for the ones before it.
        const started = c
          ? pending
              .then(() => c.query(`LISTEN ${channel}`))
              .then(() => {
                if (client === c) active.add(channel);
              })
          : connect();
        pending = Promise.all([pending, started]).catch((err: unknown) =>
          options.log.warn({ err, channel }, 'LISTEN failed'),
        );
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    async ready() {
      await pending;
    },
    listening(channel) {
      return client !== null && active.has(channel);
    },
    onConnectionChange(listener) {
      watchers.add(listener);
      return () => {
        watchers.delete(listener);
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      watchers.clear();
      active.clear();
      const c = client ?? (await connecting);
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
