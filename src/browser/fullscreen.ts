/**
 * The Fullscreen API where the browser offers it. Presenter mode works without it (a window or a projector's
 * mirrored screen); where it exists, entering presenter mode from the button or `p` asks for it too, and
 * leaving presenter mode leaves it. Escape leaves fullscreen (the browser's own key) and keeps presenter mode.
 * Refusals (no user gesture, a frame, a headless browser) are ignored: the mode itself never depends on them.
 */
export function fullscreenAvailable(): boolean {
  return typeof document !== 'undefined' && document.fullscreenEnabled === true;
}

export function enterFullscreen(): void {
  if (!fullscreenAvailable() || document.fullscreenElement) return;
  document.documentElement.requestFullscreen?.().catch(() => {});
}

export function leaveFullscreen(): void {
  if (typeof document === 'undefined' || !document.fullscreenElement) return;
  document.exitFullscreen?.().catch(() => {});
}
