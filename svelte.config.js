import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

// `fragments: 'tree'` builds each component's first DOM fragment with createElement rather than parsing an HTML
// string: at a phone-class start (390×844, the CPU 4× slower, issue 32) that was 3–5% less main-thread CPU and
// 1–5% earlier "interactive" for three-tier, app-of-apps and many-resources alike (test/bench/pageLoadTrace.mjs,
// five cold loads of each build in turn, 2026-12-07 10:50 UTC at load 2.5–3.3), the entry chunk the same size.
export default { preprocess: vitePreprocess(), compilerOptions: { fragments: 'tree' } };
