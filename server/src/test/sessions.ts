import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

/** Who the cookie signs in as, by GET /api/session (null when no one). */
export async function whoAmI(
  t: TestApp,
  cookie: string,
): Promise<{ id: string; email: string; role: string } | null> {
  return (await t.request({ method: 'GET', url: '/api/session', cookie })).json().user;
}

/** The status of the signed-in history read (the route of docs/glossary.md#P2). */
export async function historyStatus(t: TestApp, cookie: string): Promise<number> {
  return (await t.request({ method: 'GET', url: '/api/readings?limit=20', cookie })).statusCode;
}

/** POST /api/auth/set-password, or /change-password when `current` is given. */
export function sendPassword(
  t: TestApp,
  cookie: string,
  newPassword: string,
  current?: string,
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: current === undefined ? '/api/auth/set-password' : '/api/auth/change-password',
    cookie,
    payload: current === undefined ? { newPassword } : { currentPassword: current, newPassword },
  });
}
