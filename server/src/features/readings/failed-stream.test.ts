import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';
import { createFakeSynthesis, type FakeSynthesis } from '../../test/fake-synthesis';

/**
 * A reading that fails after its first bytes has already answered 200, so the only way left to
 * tell the browser is to end the response as incomplete: fetch's body reader then rejects and the
 * Studio shows "Failed to generate speech. Please try again." (issue 10, item 3).
 */
describe('a reading that fails mid-stream', () => {
  /** This test's app, reading through `synthesis`, listening on a loopback port; closed after. */
  const listening = async (synthesis: FakeSynthesis): Promise<TestApp> => {
    const t = await createTestApp({ synthesis });
    onTestFinished(() => t.close());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return t;
  };

  const read = async (t: TestApp, cookie: string) => {
    const { port } = t.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/readings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie },
      body: JSON.stringify({ voiceId: 'v1', text: 'This reading breaks in the middle.' }),
    });
    const reader = res.body!.getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { status: res.status, bytes };
      bytes += value.length;
    }
  };

  it('ends the response as incomplete, so the reader sees an error, not a short file', async () => {
    const t = await listening(createFakeSynthesis({ frames: 100, failAfterChunks: 3 }));
    const user = await createUser(t, { tier: 'paid' });
    await expect(read(t, user.cookie)).rejects.toThrow(TypeError);
  });

  it('ends a whole reading normally', async () => {
    const engine = createFakeSynthesis({ frames: 100 });
    const t = await listening(engine);
    const user = await createUser(t, { tier: 'paid' });
    await expect(read(t, user.cookie)).resolves.toEqual({
      status: 200,
      bytes: engine.bytes().length,
    });
  });
});
