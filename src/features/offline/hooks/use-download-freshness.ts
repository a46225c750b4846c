/** Whether each download is still what the CMS has: 'Check for updates', 'Update' and their answers. */
import { useState, useSyncExternalStore } from 'react';
import type { DownloadRecord } from '../../../lib/db/database';
import { checkForNewerVersion, updateDownload } from '../../../lib/offline/download-freshness';
import { newerVersions, subscribeToNewerVersions } from '../../../lib/offline/newer-versions';
import { countOf } from '../../../lib/text/count';

export type Freshness =
  'checking' | 'current' | 'newer' | 'unknown' | 'failed' | 'updating' | 'update-failed';

/** While the page is checking or updating a row it says so. */
const IN_HAND = new Set<Freshness | undefined>(['checking', 'updating', 'update-failed']);

/**
 * A row's freshness: "newer" comes from the shared mark (lib/offline/newer-versions), whoever
 * found it (this page's check, a lesson page, a downloaded answer read online), so this page and
 * the lesson page never disagree; a mark taken away by an update elsewhere reads 'Up to date'.
 */
function shownFreshness(checked: Freshness | undefined, newer: boolean): Freshness | undefined {
  if (IN_HAND.has(checked)) return checked;
  if (newer) return 'newer';
  return checked === 'newer' ? 'current' : checked;
}

/** One sentence for what 'Check for updates' found, counted by result. */
function checkSummary(found: Freshness[]): string {
  if (found.length === 0) return 'Nothing to check: no download is complete yet.';
  const count = (result: Freshness) => found.filter((one) => one === result).length;
  const parts = [
    [count('current'), 'up to date'],
    [count('newer'), 'with a newer version in the CMS'],
    [count('unknown'), 'that could not be compared (update them to be sure)'],
    [count('failed'), 'that could not be checked'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  return `Checked ${countOf(found.length, 'download')}: ${said.join(', ')}.`;
}

export function useDownloadFreshness(announce: (message: string) => void) {
  // Asked for, not on every visit: checking means fetching every stored answer again.
  const [freshness, setFreshness] = useState<Record<string, Freshness>>({});
  const setOne = (id: string, value: Freshness) => setFreshness((all) => ({ ...all, [id]: value }));
  const newer = useSyncExternalStore(subscribeToNewerVersions, newerVersions);

  async function checkAll(records: DownloadRecord[]) {
    announce('Checking your downloads for updates…');
    const found: Freshness[] = [];
    for (const record of records) {
      if (record.status !== 'complete') continue;
      setOne(record.id, 'checking');
      const result = await checkForNewerVersion(record).catch((): Freshness => 'failed');
      found.push(result);
      setOne(record.id, result);
    }
    announce(checkSummary(found));
  }

  async function update(record: DownloadRecord) {
    setOne(record.id, 'updating');
    const outcome = await updateDownload(record);
    setOne(record.id, outcome.updated ? 'current' : 'update-failed');
    announce(
      outcome.updated ? `${record.title} is updated.` : `${record.title}: ${outcome.message}`,
    );
  }

  return {
    freshnessOf: (id: string) => shownFreshness(freshness[id], newer.has(id)),
    checkAll,
    update,
  };
}
