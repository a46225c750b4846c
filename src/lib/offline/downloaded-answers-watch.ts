import { onDownloadedAnswerChanged } from '../cms/graphql-client';
import { db } from '../db/database';
import { collectMedia } from './collect-media';
import { claimStoredFile, fetchAndStoreFile } from './media-store';

/** Answers that changed in the CMS fetch only their new media (registered once, at start). */
export function watchDownloadedAnswers(): () => void {
  return onDownloadedAnswerChanged((key) => {
    void (async () => {
      const stored = await db.documents.get(key);
      if (!stored) return;
      const holders = (await db.downloads.toArray()).filter((record) =>
        record.documentKeys.includes(key),
      );
      for (const record of holders) {
        const added = collectMedia(stored.data)
          .map((file) => file.url)
          .filter((url) => !record.mediaUrls.includes(url));
        if (added.length === 0) continue;
        await db.downloads.update(record.id, { mediaUrls: [...record.mediaUrls, ...added] });
        const signal = new AbortController().signal;
        for (const url of added) {
          if ((await claimStoredFile(url, record.id)) !== null) continue;
          await fetchAndStoreFile(url, record.id, signal, async () => undefined).catch(
            () => undefined,
          );
        }
      }
    })();
  });
}
