/** The storage page's table of downloads, one row each. */
import type { DownloadRecord } from '../../../lib/db/database';
import type { Freshness } from '../hooks/use-download-freshness';
import type { StoredDownload } from '../hooks/use-stored-downloads';
import { DownloadRow } from './download-row';
import type { Saving } from '../../../shared/offline/use-lesson-file-save';

export function DownloadsTable({
  downloads,
  freshnessOf,
  online,
  saving,
  saveFailure,
  onUpdate,
  onRemove,
  onSave,
}: {
  downloads: StoredDownload[];
  freshnessOf: (id: string) => Freshness | undefined;
  online: boolean;
  onUpdate: (record: DownloadRecord) => Promise<void>;
  onRemove: (record: DownloadRecord, row: number) => Promise<void>;
  saving: Saving | null;
  saveFailure: { id: string; message: string } | null;
  onSave: (record: DownloadRecord) => Promise<void>;
}) {
  return (
    <table className="storage-table">
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Size</th>
          <th scope="col">Downloaded</th>
          <th scope="col">State</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {downloads.map(({ record, check }, row) => (
          <DownloadRow
            key={record.id}
            record={record}
            check={check}
            fresh={freshnessOf(record.id)}
            online={online}
            saving={saving?.id === record.id ? saving.fraction : null}
            saveFailure={saveFailure?.id === record.id ? saveFailure.message : null}
            onUpdate={() => void onUpdate(record)}
            onRemove={() => void onRemove(record, row)}
            onSave={() => void onSave(record)}
          />
        ))}
      </tbody>
    </table>
  );
}
