/**
 * Four clicks before a loop starts again, made with the Web Audio API (no file to download, so it
 * works offline and on any recording). The first click is higher, as a conductor's "one".
 * Resolves when the fourth beat is over; resolves at once where Web Audio is missing.
 */
let shared: AudioContext | null = null;

export async function playCountIn(beatSeconds: number, signal?: AbortSignal): Promise<void> {
  const Context =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  shared ??= new Context();
  const context = shared;
  if (context.state === 'suspended') await context.resume().catch(() => undefined);
  const start = context.currentTime + 0.05;
  for (let beat = 0; beat < 4; beat += 1) {
    const at = start + beat * beatSeconds;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = beat === 0 ? 1500 : 1000;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.5, at + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.06);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.08);
  }
  await new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, (0.05 + 4 * beatSeconds) * 1000);
    signal?.addEventListener('abort', () => {
      window.clearTimeout(timer);
      resolve();
    });
  });
}
