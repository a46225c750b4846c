// What the CMS really holds, asked from Node straight at the CMS (never through the cut proxy).

/**
 * The titles of the teacher's playlists on the CMS.
 * @param {string} cmsUrl @param {{ email: string, password: string }} teacher
 * @returns {Promise<string[]>}
 */
export async function cmsPlaylistTitles(cmsUrl, teacher) {
  const login = await fetch(`${cmsUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: teacher.email, password: teacher.password }),
  });
  if (!login.ok) throw new Error(`CMS login of ${teacher.email}: HTTP ${login.status}`);
  const { jwt } = /** @type {{ jwt: string }} */ (await login.json());
  const answer = await fetch(`${cmsUrl}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` },
    body: JSON.stringify({
      query: 'query Playlists { playlists(pagination: { limit: 200 }) { title } }',
    }),
  });
  const body = /** @type {{ data?: { playlists: { title: string }[] }, errors?: unknown[] }} */ (
    await answer.json()
  );
  if (!body.data || body.errors)
    throw new Error(`CMS playlists query: ${JSON.stringify(body.errors)}`);
  return body.data.playlists.map((playlist) => playlist.title);
}
