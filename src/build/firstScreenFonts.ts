/**
 * The fonts the first screen's text is set in, as a phone (390×844) lays it out: each is a weight, a size and one
 * of the page's two families (global.css's `--font` and `--mono`). Sizes are in rem (of global.css's root size)
 * unless they are pixels in the CSS (the timeline's SVG text).
 *
 * Why a list: the first time Chromium lays out text in a font it has not used yet, it looks the font up (a
 * synchronous call to the browser process on Linux and Android for each size and weight: the font's "strike").
 * The first screen uses about twenty, and their look-ups were half of the first frame's layout on a phone-class
 * CPU (issue 32: 126 of 235 ms of layout at 4×, in the task that ends the page's start). The page's head measures
 * a letter in each of them on a canvas (warmFontsScript) while the entry script is still being downloaded and
 * compiled, so that the first frame finds them all ready. A font left out costs its look-up in the
 * first frame again, nothing else: the browser case "phone start: … looks up no font" lists what it found.
 */
export const firstScreenFonts: readonly FirstScreenFont[] = [
  // The body, the buttons, selects and inputs (font: inherit), the status cards' values (650), the counter's unit.
  { weight: 400, rem: 1 },
  { weight: 500, rem: 1 },
  { weight: 600, rem: 1 },
  { weight: 650, rem: 1 },
  { weight: 700, rem: 1 },
  // The page's title.
  { weight: 700, rem: 1.3 },
  // The intro line, its Play, the status cards' details and the transport's state.
  { weight: 400, rem: 0.95 },
  { weight: 600, rem: 0.95 },
  { weight: 700, rem: 0.95 },
  { weight: 400, rem: 0.95, mono: true },
  // The status cards' titles, the intervention form's legend.
  { weight: 400, rem: 0.85 },
  { weight: 600, rem: 0.85 },
  // "Why is it waiting?": its title, headline and the condition it quotes.
  { weight: 700, rem: 1.05 },
  { weight: 650, rem: 1.15 },
  { weight: 400, rem: 0.88, mono: true },
  // The timeline's zoom bar.
  { weight: 400, rem: 0.9 },
  // The timeline's SVG: the status strip (14 px), the phase bands (13 px bold), rows, ticks and the verdict (12 px).
  { weight: 400, px: 14 },
  { weight: 600, px: 14 },
  { weight: 700, px: 13 },
  { weight: 400, px: 12 },
  { weight: 700, px: 12 },
  // Wider screens only (more than the phone's 700 px): the title, the intro line and its Play in larger type, the
  // transport's Play word and the header's key hints (kbd).
  { weight: 700, rem: 1.45, wide: true },
  { weight: 400, rem: 1.05, wide: true },
  { weight: 700, rem: 1.05, wide: true },
  { weight: 700, rem: 1.1, wide: true },
  { weight: 400, rem: 1, mono: true, wide: true },
];

/** `wide`: only where the page is laid out wider than a phone's (App.svelte's 700 px), where the phone lacks it. */
export type FirstScreenFont = { weight: number; mono?: boolean; wide?: boolean } & (
  { rem: number } | { px: number }
);

/** Fonts looked up per task: about 50 ms with the CPU 4× slower, so a script that has arrived waits at most that. */
const perTask = 4;

/** The widest screen laid out as a phone's (App.svelte's `@media (max-width: 700px)`). */
const phoneWidth = 700;

/** The page's families and root size, as global.css declares them. */
export interface PageType {
  font: string;
  mono: string;
  rootPx: number;
}

/** Each font of `fonts` as a canvas's `font` property takes it: `650 19.55px system-ui, …`. */
export function fontShorthands(
  type: PageType,
  fonts: readonly FirstScreenFont[] = firstScreenFonts,
): string[] {
  return fonts.map((f) => {
    const px = 'px' in f ? f.px : Math.round(f.rem * type.rootPx * 100) / 100;
    return `${f.weight} ${px}px ${f.mono ? type.mono : type.font}`;
  });
}

/**
 * The inline script the build puts in the page's head (src/build/warmFontsPlugin.ts): in tasks of its own, after
 * the parser's, it measures a letter in each font on a canvas that is never drawn, `perTask` fonts a task, so that
 * the entry script's compile, when it has arrived, waits for one such task at most (in one task of all the fonts,
 * 250 ms of CPU at 4×, the compile came after it). Not one font a task: with the CPU slowed 4×, timers wait behind
 * the page's loading, and a chain of 21 had reached only 5 fonts when the first frame came. Plain JavaScript in a
 * string, since it runs before any module.
 */
export function warmFontsScript(
  type: PageType,
  fonts: readonly FirstScreenFont[] = firstScreenFonts,
): string {
  const narrow = fonts.filter((f) => !f.wide);
  const wide = fonts.filter((f) => f.wide);
  return (
    `setTimeout(()=>{const c=document.createElement('canvas').getContext('2d');if(!c)return;` +
    `const f=${JSON.stringify(fontShorthands(type, narrow))};` +
    `if(matchMedia('(min-width: ${phoneWidth + 1}px)').matches)f.push(...${JSON.stringify(fontShorthands(type, wide))});` +
    `const n=()=>{for(const x of f.splice(0,${perTask})){c.font=x;c.measureText('Ag')}if(f.length>0)setTimeout(n)};n()})`
  );
}
