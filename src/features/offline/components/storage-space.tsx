import { useState } from 'react';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

export interface StorageFigures {
  /** The browser's figures, or undefined where it has no `navigator.storage.estimate` (WebKitGTK). */
  estimate: StorageEstimate | undefined;
  persisted: boolean;
  /** False where the browser has no `navigator.storage.persist`: there is nothing to ask. */
  canAskToPersist: boolean;
}

/** Reads what the browser says about its storage; every part is optional in some engine. */
export async function readStorageFigures(): Promise<StorageFigures> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const estimate = await storage?.estimate?.().catch(() => undefined);
  const persisted = (await storage?.persisted?.().catch(() => false)) ?? false;
  return { estimate, persisted, canAskToPersist: typeof storage?.persist === 'function' };
}

/**
 * The storage page's 'Space' section: what the downloads take, against what the browser allows
 * when it says so. Some browsers (WebKitGTK, older Safari) report no free space and cannot be
 * asked to keep data; then the section says what it knows and what that means for a download.
 */
export function StorageSpace({
  downloadsBytes,
  figures,
}: {
  downloadsBytes: number;
  figures: StorageFigures;
}) {
  const [persistAnswer, setPersistAnswer] = useState<boolean | null>(null);
  const { estimate, persisted, canAskToPersist } = figures;
  return (
    <section aria-labelledby="storage-space">
      <h2 id="storage-space">Space</h2>
      <p>
        Downloads use {megabytes(downloadsBytes)}.
        {estimate?.quota
          ? ` Everything this app stores uses ${megabytes(estimate.usage ?? 0)} of the ${megabytes(estimate.quota)} this browser allows.`
          : ' This browser does not report how much space is free, so a download is not checked against it first: if the device fills up, the download stops and what it stored is removed.'}
      </p>
      {persisted || persistAnswer ? (
        <p className="notice">This browser has promised to keep downloads until you remove them.</p>
      ) : !canAskToPersist ? (
        <p className="notice notice--warning">
          The browser may clear downloads when the device runs short of space, and it cannot be
          asked to keep them.
        </p>
      ) : (
        <div className="notice notice--warning">
          <p>
            {persistAnswer === false
              ? 'The browser declined for now. It may still clear downloads when the device runs short of space; installing the app usually makes it agree.'
              : 'The browser may clear downloads when the device runs short of space.'}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={async () => setPersistAnswer((await navigator.storage?.persist?.()) ?? false)}
          >
            Ask the browser to keep downloads
          </button>
        </div>
      )}
    </section>
  );
}
