import { z } from 'zod';

export const roleSchema = z.enum(['user', 'admin']);

/** Who is signed in, as the web app sees it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
