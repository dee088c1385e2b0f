#!/usr/bin/env node
/**
 * Moves files with `git mv` (so `git log --follow` keeps their history) and rewrites every relative import that
 * names them, and every path of the repository written out in the text (docs, comments, test lists), so no import is
 * fixed by hand. It was written for the move of the page into feature folders (docs/reference.md "How it fits
 * together"); a branch started before that move can be brought along by running it again over the same moves.
 *
 *   node scripts/moveFiles.mjs OLD NEW [OLD NEW …]      a file to a file, or a folder's files into a folder
 *   node scripts/moveFiles.mjs --dry-run OLD NEW …      prints what would move and which files would change
 *
 * An OLD that does not exist is passed over (it has moved already), so the same list can be run twice.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const dryRun = args[0] === '--dry-run';
if (dryRun) args.shift();
if (args.length === 0 || args.length % 2 !== 0) {
  console.error('usage: node scripts/moveFiles.mjs [--dry-run] OLD NEW [OLD NEW …]');
  process.exit(2);
}

const skip = new Set(['node_modules', '.git', 'dist', 'dist-single', 'test-results', 'output', '.scratch']);
function filesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (skip.has(name)) continue;
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/** Every file that moves, old absolute path → new absolute path. */
const moves = new Map();
for (let i = 0; i < args.length; i += 2) {
  const from = resolve(root, args[i]);
  const to = resolve(root, args[i + 1]);
  if (!existsSync(from)) continue;
  if (statSync(from).isDirectory()) {
    // A file named on its own before its folder keeps the place it was given.
    for (const file of filesUnder(from))
      if (!moves.has(file)) moves.set(file, join(to, relative(from, file)));
  } else moves.set(from, args[i + 1].endsWith('/') ? join(to, from.split(sep).pop()) : to);
}
for (const [, to] of moves)
  if (existsSync(to)) {
    console.error(`${relative(root, to)} exists already`);
    process.exit(1);
  }

const textFile = /\.(ts|mts|js|mjs|cjs|svelte|md|json|yaml|yml|html)$/;
const codeFile = /\.(ts|mts|js|mjs|cjs|svelte)$/;
const all = filesUnder(root).filter((f) => textFile.test(f) && !f.endsWith('package-lock.json'));
const moved = (path) => moves.get(path) ?? path;

/** The file a relative import names, tried the ways Vite and TypeScript resolve it. */
function target(fromDir, spec) {
  const base = resolve(fromDir, spec);
  for (const [candidate, kind] of [
    [base, 'exact'],
    [`${base}.ts`, 'ts'],
    [`${base}.js`, 'js'],
    [join(base, 'index.ts'), 'index'],
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return { path: candidate, kind };
  return undefined;
}

function relativeSpec(fromDir, to) {
  const spec = relative(fromDir, to).split(sep).join('/');
  return spec.startsWith('.') ? spec : `./${spec}`;
}

const importRe =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\bvi\.importActual(?:<[^>]*>)?\(\s*)(['"])(\.{1,2}\/[^'"]*|\.{1,2})\2/g;
// A URL built from `import.meta.url` names a folder above the file (the repository's scenarios/, test/output/).
const urlRe = /(\bnew URL\(\s*)(['"`])((?:\.\.\/)+)/g;
// Paths of the repository written out: `src/cursor/frameAt.ts`, with or without its extension.
const pathPairs = [...moves].map(([from, to]) => [
  relative(root, from).split(sep).join('/'),
  relative(root, to).split(sep).join('/'),
]);
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pathRes = pathPairs.flatMap(([from, to]) => {
  const out = [[new RegExp(`(?<![\\w/.-])${escape(from)}(?![\\w])`, 'g'), to]];
  const bare = from.replace(/\.ts$/, '');
  if (bare !== from)
    out.push([new RegExp(`(?<![\\w/.-])${escape(bare)}(?![\\w./-])`, 'g'), to.replace(/\.ts$/, '')]);
  return out;
});

const changed = [];
for (const file of all) {
  const text = readFileSync(file, 'utf8');
  const oldDir = dirname(file);
  const newDir = dirname(moved(file));
  let next = text;
  if (codeFile.test(file)) {
    next = next.replace(importRe, (whole, head, quote, spec) => {
      const [path, query] = spec.split('?');
      const found = target(oldDir, path);
      if (!found) return whole;
      const to = moved(found.path);
      if (to === found.path && oldDir === newDir) return whole;
      let rewritten = relativeSpec(newDir, to);
      if (found.kind === 'ts') rewritten = rewritten.replace(/\.ts$/, '');
      if (found.kind === 'js') rewritten = rewritten.replace(/\.js$/, '');
      if (found.kind === 'index') rewritten = relativeSpec(newDir, dirname(to));
      return `${head}${quote}${rewritten}${query === undefined ? '' : `?${query}`}${quote}`;
    });
    if (oldDir !== newDir)
      next = next.replace(urlRe, (whole, head, quote, ups) => {
        const aim = resolve(oldDir, ups);
        const rewritten = relative(newDir, aim).split(sep).join('/');
        return `${head}${quote}${rewritten}/`;
      });
  }
  for (const [re, to] of pathRes) next = next.replace(re, to);
  if (next !== text) {
    changed.push(relative(root, file));
    if (!dryRun) writeFileSync(file, next);
  }
}

for (const [from, to] of moves) {
  console.log(`${relative(root, from)} -> ${relative(root, to)}`);
  if (!dryRun) {
    execFileSync('mkdir', ['-p', dirname(to)]);
    execFileSync('git', ['mv', from, to], { cwd: root });
  }
}
console.log(`${changed.length} files rewritten${dryRun ? ' (dry run)' : ''}: ${changed.join(' ')}`);
