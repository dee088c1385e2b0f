/**
 * The Application a story beat is about: the first of the run's Applications its text names, as a whole word
 * (platform-frontend is not platform). At one place the longer name wins ("platform-backend" over "platform").
 * Undefined when the beat names none ("Without the health Lua the children have no health…").
 */
export function storyApp(text: string, apps: readonly string[]): string | undefined {
  let best: { app: string; at: number } | undefined;
  for (const app of apps) {
    const escaped = app.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // Application names hold letters, digits, '-' and '.': a name ends where none of those follows.
    const match = new RegExp(`(^|[^a-z0-9.-])${escaped}(?![a-z0-9-]|\\.[a-z0-9])`).exec(text);
    if (!match) continue;
    const at = match.index + match[1].length;
    if (!best || at < best.at || (at === best.at && app.length > best.app.length)) best = { app, at };
  }
  return best?.app;
}
