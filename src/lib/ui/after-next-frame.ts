/**
 * Runs `work` once the next frame has been produced: a task queued from that frame's animation
 * callback runs after its paint. For work a change must do but the change's own frame need not
 * wait for. Returns a cancel.
 */
export function afterNextFrame(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
