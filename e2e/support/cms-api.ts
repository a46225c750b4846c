import { expect, type APIRequestContext } from '@playwright/test';

/** Logs in over the CMS's REST API (through the web server's proxy) and returns the JWT. */
export async function apiLogIn(request: APIRequestContext, email: string, password = 'music1234'): Promise<string> {
  const response = await request.post('/api/auth/local', { data: { identifier: email, password } });
  expect(response.ok(), `login of ${email}`).toBe(true);
  return ((await response.json()) as { jwt: string }).jwt;
}

/** A GraphQL request to the real CMS with a user's token; fails the test on GraphQL errors. */
export async function cmsQuery<T>(
  request: APIRequestContext,
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await request.post('/graphql', {
    data: { query, variables },
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json()) as { data: T; errors?: { message: string }[] };
  expect(body.errors, `GraphQL errors for ${query.slice(0, 60)}`).toBeUndefined();
  return body.data;
}
