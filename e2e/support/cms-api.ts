import { expect, type APIRequestContext } from '@playwright/test';

/** Logs in over the CMS's REST API (through the web server's proxy) and returns the JWT. */
export async function apiLogIn(
  request: APIRequestContext,
  email: string,
  password = 'music1234',
): Promise<string> {
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

interface Activity {
  documentId: string;
  title: string;
}

/**
 * A newly registered teacher with one playlist of the first three activities (by title), made
 * through the spec's CreatePlaylist; `spare` more activities are returned for adding later.
 */
export async function newTeacherWithPlaylist(
  request: APIRequestContext,
  {
    label,
    password,
    playlist,
    spare = 0,
  }: { label: string; password: string; playlist: string; spare?: number },
): Promise<{ email: string; token: string; titles: [string, string, string]; spare: Activity[] }> {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.school`;
  const registered = await request.post('/api/auth/local/register', {
    data: {
      email,
      username: email,
      password,
      user_profile_data: { first_name: 'Test', last_name: 'Teacher' },
    },
  });
  expect(registered.ok()).toBe(true);
  const token = ((await registered.json()) as { jwt: string }).jwt;
  const { activityPages } = await cmsQuery<{ activityPages: Activity[] }>(
    request,
    token,
    'query Activities($limit: Int) { activityPages(pagination: { limit: $limit }, sort: "title:asc") { documentId title } }',
    { limit: 3 + spare },
  );
  const items = activityPages.slice(0, 3);
  await cmsQuery(
    request,
    token,
    'mutation CreatePlaylist($data: PlaylistInput!) { createPlaylist(data: $data) { documentId } }',
    {
      data: {
        title: playlist,
        playlist_item: items.map((activity, index) => ({
          __typename: 'ComponentPlaylistsActivity',
          title: activity.title,
          item: activity.documentId,
          context_path: `/primary/activities/-/${activity.documentId}`,
          playlist_order: index,
        })),
      },
    },
  );
  return {
    email,
    token,
    titles: items.map((activity) => activity.title) as [string, string, string],
    spare: activityPages.slice(3),
  };
}
