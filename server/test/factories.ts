/** Builds members through the real API, so every test starts from states users can reach. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface TestMember {
  userId: number;
  username: string;
  email: string;
  password: string;
  token: string;
  auth: { authorization: string };
}

export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ username: string; email: string; password: string }> = {},
): Promise<TestMember> {
  const suffix = randomBytes(4).toString('hex');
  const username = overrides.username ?? `member_${suffix}`;
  const email = overrides.email ?? `${username}@example.com`;
  const password = overrides.password ?? 'Correct-Horse-9';
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/signup/',
    payload: { username, email, password1: password, password2: password },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const { user, token } = response.json() as { user: number; token: string };
  return { userId: user, username, email, password, token, auth: { authorization: `Token ${token}` } };
}
