import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN } from './cms-admin-account';

/**
 * What an editor does in the admin panel, through the same content-manager API the panel uses
 * (the CMS's own address: the web server proxies only what the app needs). Each save is
 * published when the content type keeps drafts (draft & publish), and is live at once otherwise.
 */
export interface CmsEditor {
  create: (uid: string, data: Record<string, unknown>) => Promise<string>;
  update: (uid: string, documentId: string, data: Record<string, unknown>) => Promise<void>;
  /** Deletes the document (all its versions), as 'Delete document' in the panel does. */
  remove: (uid: string, documentId: string) => Promise<void>;
}

export async function signInAsEditor(request: APIRequestContext): Promise<CmsEditor> {
  const cms = process.env.E2E_CMS_URL;
  if (!cms) throw new Error('E2E_CMS_URL is not set: run the suite with `npx playwright test`.');
  const login = await request.post(`${cms}/admin/login`, { data: DEMO_ADMIN });
  expect(login.ok(), 'admin login').toBe(true);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const headers = { Authorization: `Bearer ${token}` };
  const collection = (uid: string) => `${cms}/content-manager/collection-types/${uid}`;

  async function publishIfDraft(
    uid: string,
    saved: { documentId: string; publishedAt?: string | null },
  ) {
    // Without draft & publish every save is published (publishedAt set); with it, a save is a draft.
    if (saved.publishedAt) return;
    const published = await request.post(`${collection(uid)}/${saved.documentId}/actions/publish`, {
      headers,
      data: {},
    });
    expect(published.ok(), `publish ${uid} ${saved.documentId}: ${await published.text()}`).toBe(
      true,
    );
  }

  return {
    async create(uid, data) {
      const response = await request.post(collection(uid), { headers, data });
      expect(response.ok(), `create ${uid}: ${await response.text()}`).toBe(true);
      const saved = (
        (await response.json()) as { data: { documentId: string; publishedAt?: string | null } }
      ).data;
      await publishIfDraft(uid, saved);
      return saved.documentId;
    },
    async update(uid, documentId, data) {
      const response = await request.put(`${collection(uid)}/${documentId}`, { headers, data });
      expect(response.ok(), `update ${uid}: ${await response.text()}`).toBe(true);
      await publishIfDraft(
        uid,
        ((await response.json()) as { data: { documentId: string; publishedAt?: string | null } })
          .data,
      );
    },
    async remove(uid, documentId) {
      const response = await request.delete(`${collection(uid)}/${documentId}`, { headers });
      expect(response.ok(), `delete ${uid}: ${await response.text()}`).toBe(true);
    },
  };
}
