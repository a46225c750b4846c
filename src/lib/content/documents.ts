import type { MediaFile } from './media';

/** A document component (`shared.document`): a title and an uploaded file. */
export interface CmsDocument {
  id?: string;
  title?: string | null;
  file?: Pick<MediaFile, 'documentId' | 'url' | 'ext' | 'size'> | null;
}

/**
 * The selection every query asks of a document component: what a document list shows and links
 * to (visibleDocuments).
 */
export const DOCUMENT_FIELDS = 'id title file { documentId url ext }';

/**
 * The same with the file's `size`, for a lesson's documents, which its offline download fetches:
 * the download counts the file before fetching it, like any other upload.
 */
export const DOCUMENT_FIELDS_WITH_SIZE = 'id title file { documentId url ext size }';

export interface VisibleDocument {
  key: string;
  title: string;
  /** Where the link goes (documentHref): /documents/{fileId} online, the file itself offline. */
  href: string;
  ext: string | null;
}

/**
 * Where a document link goes: the content host's /documents/{fileId} (spec part 2, section 5),
 * which redirects to the file. Offline the redirect cannot be asked for, so the link goes to the
 * file itself, which the service worker has when the page's content was made available offline.
 */
export function documentHref(
  file: { documentId?: string | null; url: string },
  online: boolean,
): string {
  return online && file.documentId ? `/documents/${file.documentId}` : file.url;
}

/**
 * Spec part 2, section 5: documents are shown only with both a title and a file url, and link
 * to the content host's /documents/{fileId} (which redirects to the file), or offline to the file.
 */
export function visibleDocuments(
  documents: readonly (CmsDocument | null)[] | null | undefined,
  online = true,
): VisibleDocument[] {
  const shown: VisibleDocument[] = [];
  for (const [index, document] of (documents ?? []).entries()) {
    const title = document?.title?.trim();
    const file = document?.file;
    if (!title || !file?.url) continue;
    const ext = file.ext ? file.ext.replace(/^\./, '').toUpperCase() : null;
    shown.push({
      key: document?.id ?? `${index}-${title}`,
      title,
      href: documentHref(file, online),
      // "Lesson plan (PDF)" already says what it is: not "Lesson plan (PDF) (PDF)".
      ext: ext && !title.toUpperCase().endsWith(`(${ext})`) ? ext : null,
    });
  }
  return shown;
}
