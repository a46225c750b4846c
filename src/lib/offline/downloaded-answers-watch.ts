import { onDownloadedAnswerChanged } from '../cms/graphql-client';
import { db } from '../db/database';
import { noteNewerVersion } from './newer-versions';

/**
 * A downloaded answer read while online is compared with the CMS's in the background; when it
 * differs, each download holding it has a newer version (registered once, at start). The stored
 * copy is not touched here: a lesson never changes silently under the teacher.
 */
export function watchDownloadedAnswers(): () => void {
  return onDownloadedAnswerChanged((key) => {
    void db.downloads
      .filter((record) => record.documentKeys.includes(key))
      .primaryKeys()
      .then((ids) => ids.forEach(noteNewerVersion))
      .catch(() => undefined);
  });
}
