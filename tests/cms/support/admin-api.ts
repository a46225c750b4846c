import { expect } from 'vitest';
import type { RestAnswer, RestInit } from './test-cms';

// The admin panel's own API (content-manager, upload), as an editor's browser calls it.

type Rest = (path: string, token?: string | null, init?: RestInit) => Promise<RestAnswer>;

export const ADMIN = { email: 'admin@demo.school', password: 'Admin12345' } as const;

export async function adminLogIn(
  rest: Rest,
  account: { email: string; password: string } = ADMIN,
): Promise<string> {
  const { status, body } = await rest('/admin/login', undefined, { body: account });
  expect(status, `admin login of ${account.email}: ${JSON.stringify(body)}`).toBe(200);
  return (body as { data: { token: string } }).data.token;
}

/** The content-manager's address for a collection type (and one document of it). */
export const collection = (uid: string, documentId?: string) =>
  `/content-manager/collection-types/${uid}${documentId ? `/${documentId}` : ''}`;

/** The message the admin panel shows for a refused save, or null when the save went through. */
export function refusal(answer: RestAnswer): string | null {
  if (answer.status < 400) return null;
  const error = (answer.body as { error?: { message?: string } }).error;
  return `${answer.status} ${error?.message ?? JSON.stringify(answer.body)}`;
}

/** Upload file ids by kind ('image', 'audio', 'video'), from the media library. */
export async function mediaIds(
  rest: Rest,
  token: string,
): Promise<Record<'image' | 'audio' | 'video', number[]>> {
  const { body } = await rest('/upload/files?pageSize=200', token);
  const files = (Array.isArray(body) ? body : (body as { results: unknown[] }).results) as {
    id: number;
    mime: string;
  }[];
  const of = (kind: string) =>
    files.filter((file) => file.mime.startsWith(`${kind}/`)).map((file) => file.id);
  return { image: of('image'), audio: of('audio'), video: of('video') };
}

/** A users-permissions role as the admin panel reads and saves it. */
export interface RoleAnswer {
  name: string;
  description: string;
  permissions: Record<
    string,
    { controllers: Record<string, Record<string, { enabled: boolean; policy: string }>> }
  >;
}

/**
 * A role opened in the admin panel: `find(uid)` is its find permission on a content type, to
 * tick or untick, and `save()` saves the role as the panel does.
 */
export async function openRole(rest: Rest, admin: string, roleId: number) {
  const { body } = await rest(`/users-permissions/roles/${roleId}`, admin);
  const role = (body as { role: RoleAnswer }).role;
  return {
    find(uid: string) {
      const [api, name] = uid.replace(/^api::/, '').split('.') as [string, string];
      return role.permissions[`api::${api}`]!.controllers[name]!.find!;
    },
    async save() {
      const saved = await rest(`/users-permissions/roles/${roleId}`, admin, {
        method: 'PUT',
        body: { name: role.name, description: role.description, permissions: role.permissions },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    },
  };
}
