import { describe, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import type { VoiceEngine } from '../../features/voices/engines/engine';
import type { Notifications } from '../shared-state/pg-notifications';
import type { StoragePort } from '../storage/storage.types';
import { CANCEL_CHANNEL } from './queue-protocol';
import { createQueuedEngine } from './queued-engine';

const quiet = { info: () => undefined, warn: () => undefined };

describe('queued engine: a hang-up cancels its job', () => {
  it('marks the job cancelled in the queue before it tells the workers to stop', async () => {
    // A worker that hears the cancel first fails its job; a job still active then is put back
    // for its one retry, and another worker makes the whole reading for nobody.
    const steps: string[] = [];
    let cancelled!: () => void;
    const boss = {
      send: async () => 'job',
      cancel: () =>
        new Promise<void>((resolve) => {
          steps.push('cancel asked');
          cancelled = () => {
            steps.push('cancelled');
            resolve();
          };
        }),
      findJobs: async () => [],
    } as unknown as PgBoss;
    const notifications = {
      listen: () => () => undefined,
      notify: async (channel: string) => {
        steps.push(`notify ${channel}`);
      },
    } as unknown as Notifications;
    const storage = {
      list: async function* () {},
      read: async () => null,
    } as unknown as StoragePort;
    const base = { name: 'fake', version: '1' } as unknown as VoiceEngine;
    const engine = createQueuedEngine({
      base,
      boss,
      notifications,
      storage,
      log: quiet,
      job: { expireInSeconds: 60, heartbeatSeconds: 10 },
      pollMs: 60_000,
    });
    const controller = new AbortController();
    const result = await engine.synthesize({
      text: 'Hello.',
      providerVoiceId: 'v',
      settings: {} as never,
      signal: controller.signal,
    });
    result.audio.on('error', () => undefined);
    controller.abort();
    await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toEqual(['cancel asked']);
    cancelled();
    await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toEqual(['cancel asked', 'cancelled', `notify ${CANCEL_CHANNEL}`]);
    await engine.close();
  });
});
