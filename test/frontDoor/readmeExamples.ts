import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One command a reader may paste from the docs, with where it is written and the exit status it must end with. */
export interface DocExample {
  /** `README.md:118`: the file and the line the command starts on. */
  where: string;
  /** The command as written, continuation lines included (a shell reads it). */
  command: string;
  /** 0, or what a `# exit N` comment on the command says. */
  exit: number;
}

/** The Markdown files a reader meets: the README and everything under docs/. */
export function docFiles(root: string): string[] {
  const docs = join(root, 'docs');
  const under = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? under(join(dir, entry.name))
        : entry.name.endsWith('.md')
          ? [join(dir, entry.name)]
          : [],
    );
  return ['README.md', ...(existsSync(docs) ? under(docs).map((f) => relative(root, f)) : [])];
}

/**
 * Every `npm run --silent sim -- …` command of a file's shell code blocks (```sh, ```bash, ```console), joined
 * over the lines that end in a backslash, as a reader pastes it.
 */
export function simExamples(file: string, text: string): DocExample[] {
  const lines = text.split('\n');
  const examples: DocExample[] = [];
  let inShell = false;
  for (let i = 0; i < lines.length; i++) {
    const fence = /^\s*```(\w*)/.exec(lines[i]);
    if (fence) {
      inShell = !inShell && ['sh', 'bash', 'console', 'shell'].includes(fence[1]);
      continue;
    }
    if (!inShell) continue;
    const line = lines[i].replace(/^\$ /, '');
    if (!line.startsWith('npm run --silent sim -- ')) continue;
    const start = i;
    const parts = [line];
    while (/\\\s*$/.test(parts[parts.length - 1]) && i + 1 < lines.length) parts.push(lines[++i]);
    const command = parts.join('\n');
    const exit = /#.*\bexit (\d+)/.exec(command);
    examples.push({ where: `${file}:${start + 1}`, command, exit: exit ? Number(exit[1]) : 0 });
  }
  return examples;
}

/** Every simulator example of the docs under `root`. */
export function allSimExamples(root: string): DocExample[] {
  return docFiles(root).flatMap((file) => simExamples(file, readFileSync(join(root, file), 'utf8')));
}
