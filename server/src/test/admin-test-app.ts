import { afterAll, beforeAll } from 'vitest';
import { createUser, type TestUser } from './factories';
import { createTestApp, type TestApp } from './test-app';

type UserOptions = NonNullable<Parameters<typeof createUser>[1]>;
type AdminTestAppOptions = NonNullable<Parameters<typeof createTestApp>[0]> & {
  /** How the admin is made (the role is always admin). */
  admin?: Omit<UserOptions, 'role'>;
  /** How the plain user is made; false makes none (for tests that count users). */
  user?: UserOptions | false;
};

export interface AdminTestSetup {
  t: TestApp;
  admin: TestUser;
  user: TestUser;
}

/**
 * The start of the admin test files: a fresh app with one signed-in admin and one signed-in
 * plain user, made before the file's tests and closed after them. `bind` hands them to the
 * file's own variables; later beforeAll hooks of the file run after this one.
 */
export function withAdminTestApp(
  options: AdminTestAppOptions & { user: false },
  bind: (setup: Omit<AdminTestSetup, 'user'>) => void,
): void;
export function withAdminTestApp(
  options: AdminTestAppOptions,
  bind: (setup: AdminTestSetup) => void,
): void;
export function withAdminTestApp(
  options: AdminTestAppOptions,
  bind: (setup: AdminTestSetup) => void,
): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    const { admin, user, ...appOptions } = options;
    t = await createTestApp(appOptions);
    const setup = { t, admin: await createUser(t, { ...admin, role: 'admin' }) };
    bind(
      user === false ? (setup as AdminTestSetup) : { ...setup, user: await createUser(t, user) },
    );
  });
  afterAll(async () => {
    await t?.close();
  });
}
