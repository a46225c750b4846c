/** A page's cover as the worker paints it and the check shows it (sw/snapshots.ts). */
export function paintCover(): void {
  const cover = document.createElement('div');
  cover.className = 'snapshot-cover snapshot-cover--page';
  cover.innerHTML = '<main><h1>Monday warm-ups</h1></main>';
  document.body.prepend(cover);
}

/** Whether a painted cover is still in the page. */
export const coverShown = (): boolean => document.querySelector('.snapshot-cover') !== null;
