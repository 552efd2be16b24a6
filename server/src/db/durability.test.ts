import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildServerBundle,
  freePort,
  httpRequest,
  jsonHeaders,
  seedUsers,
  startServer,
  type RealServer,
  type SeededUser,
} from '../test/real-server';

/**
 * docs/glossary.md#R3: the real server on SQLite is killed with SIGKILL at a random moment while writes are in
 * flight, 20 times over. Every write it acknowledged (201 with the new script's id) must still be
 * there afterwards, and `PRAGMA integrity_check` must answer ok after every kill.
 */
const CYCLES = 20;
const WRITERS = 12;
const USERS = 4;

describe('SQLite durability under kill -9 (R3)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-durability-'));
  const sqliteFile = path.join(dir, 'doublecast.sqlite');
  let server: RealServer | null = null;
  // The built server, as `npm start` runs it: what must survive the kills, and 21 start-ups
  // without the TypeScript loader.
  const bundle = buildServerBundle();

  afterAll(() => {
    server?.process.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    bundle.remove();
  });

  it(
    `loses no acknowledged write over ${CYCLES} kill -9 cycles`,
    { timeout: 300_000 }, // 20 server starts; a loaded machine has taken over 120 s
    async () => {
      const port = await freePort();
      const acknowledged = new Map<string, string>(); // script id -> owner id
      const log: string[] = [];
      let users: SeededUser[] = [];
      const everyone: SeededUser[] = [];

      for (let cycle = 0; cycle < CYCLES; cycle++) {
        server = await startServer({
          baseEnv: process.env,
          dataDir: dir,
          port,
          bundle: bundle.entry,
        });
        // Fresh writers each cycle, so no account reaches the 500-script quota (decision 126).
        users = seedUsers(sqliteFile, USERS, { emailPrefix: `durable${cycle}-` });
        everyone.push(...users);

        // Writers post scripts back to back until the process dies under them.
        const agent = new http.Agent({ keepAlive: true, maxSockets: WRITERS });
        let dead = false;
        let failuresBeforeKill = 0;
        let acksThisCycle = 0;
        const writer = async (w: number) => {
          const user = users[w % users.length]!;
          for (let n = 0; !dead; n++) {
            const body = JSON.stringify({
              title: `Cycle ${cycle} writer ${w} take ${n}`,
              content: `ALICE\nLine ${n} of cycle ${cycle}, written by writer ${w}.\n\nBOB\nAgain.`,
              tags: ['durability'],
            });
            try {
              const res = await httpRequest(agent, server!.url('/api/scripts'), {
                method: 'POST',
                headers: jsonHeaders(user.cookie),
                body,
              });
              if (res.status !== 201) {
                if (!dead) failuresBeforeKill++;
                log.push(`cycle ${cycle}: ${res.status} ${res.body.slice(0, 200)}`);
                continue;
              }
              const { id } = JSON.parse(res.body) as { id: string };
              acknowledged.set(id, user.id);
              acksThisCycle++;
            } catch {
              // The connection died with the process: this write was never acknowledged.
              if (!dead) await new Promise((r) => setTimeout(r, 5));
            }
          }
        };
        const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));

        // Kill at a random moment once writes are flowing.
        const delay = 80 + Math.floor(Math.random() * 500);
        await new Promise((r) => setTimeout(r, delay));
        server.process.kill('SIGKILL');
        expect(await server.exited).toBe('SIGKILL');
        dead = true;
        await Promise.all(writers);
        agent.destroy();
        log.push(
          `cycle ${cycle}: ready in ${server.readyMs.toFixed(0)} ms, killed after ${delay} ms, ${acksThisCycle} acknowledged`,
        );
        expect(failuresBeforeKill, log.join('\n')).toBe(0);

        // The file as the killed process left it: WAL recovery, then the checks.
        const db = new SQLite(sqliteFile);
        try {
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
          const stored = new Set(
            (db.prepare('select id from scripts').all() as { id: string }[]).map((r) => r.id),
          );
          const lost = [...acknowledged.keys()].filter((id) => !stored.has(id));
          expect(lost, `lost after cycle ${cycle}:\n${log.join('\n')}`).toEqual([]);
        } finally {
          db.close();
        }
      }

      console.info(
        `R3: ${acknowledged.size} acknowledged writes over ${CYCLES} kills\n${log.join('\n')}`,
      );
      // The writes really happened under every kill, not only in a few cycles.
      expect(acknowledged.size).toBeGreaterThan(CYCLES * 5);

      // And the restarted server serves them to their owners.
      server = await startServer({
        baseEnv: process.env,
        dataDir: dir,
        port,
        bundle: bundle.entry,
      });
      const agent = new http.Agent({ keepAlive: true });
      const sample = [...acknowledged.entries()].filter((_, i) => i % 25 === 0);
      for (const [id, owner] of sample) {
        const user = everyone.find((u) => u.id === owner)!;
        const res = await httpRequest(agent, server.url(`/api/scripts/${id}`), {
          headers: { cookie: user.cookie },
        });
        expect(res.status).toBe(200);
        expect((JSON.parse(res.body) as { id: string }).id).toBe(id);
      }
      agent.destroy();
      server.process.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      server = null;
    },
  );
});
