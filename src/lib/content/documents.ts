import type { MediaFile } from './media';

/** A document component (`shared.document`): a title and an uploaded file. */
export interface CmsDocument {
  id?: string;
  title?: string | null;
  file?: Pick<MediaFile, 'documentId' | 'url' | 'name' | 'ext' | 'caption'> | null;
}

export interface VisibleDocument {
  key: string;
  title: string;
  href: string;
  ext: string | null;
}

/**
 * Spec part 2, section 5: documents are shown only with both a title and a file url, and link
 * to the content host's /documents/{fileId} (which redirects to the file).
 */
export function visibleDocuments(documents: readonly (CmsDocument | null)[] | null | undefined): VisibleDocument[] {
  const shown: VisibleDocument[] = [];
  for (const [index, document] of (documents ?? []).entries()) {
    const title = document?.title?.trim();
    const file = document?.file;
    if (!title || !file?.url) continue;
    shown.push({
      key: document?.id ?? `${index}-${title}`,
      title,
      href: file.documentId ? `/documents/${file.documentId}` : file.url,
      ext: file.ext ? file.ext.replace(/^\./, '').toUpperCase() : null,
    });
  }
  return shown;
}
