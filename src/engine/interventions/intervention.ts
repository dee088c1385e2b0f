import { commandWords } from './commandWords';
import { commandRowOf, flagRowOf } from './commandTable';
import { parseArgocd, type ArgocdIntervention } from './argocdIntervention';
import { parseKubectl, type KubectlIntervention } from './kubectlIntervention';

/**
 * An intervention: a command a learner types at a moment of a run, to change the cluster (`kubectl …`), Git
 * (`git commit`, whose new revision the caller supplies) or Argo CD (`argocd app …`). It is parsed here, from its
 * text alone, so the page, the CLI and a scenario all read it the same way; it runs in `runControlPlane`.
 */
export type Intervention =
  | { tool: 'kubectl'; command: KubectlIntervention }
  | { tool: 'argocd'; command: ArgocdIntervention }
  | { tool: 'git'; message: string };

/** `namespace`: kubectl's namespace when the command names none (the terminal's context; `default` otherwise). */
export function parseIntervention(text: string, namespace = 'default'): Intervention | { error: string } {
  const words = commandWords(text.trim());
  if ('error' in words) return { error: `-bash: ${words.error}` };
  switch (words[0]) {
    case 'kubectl': {
      const command = parseKubectl(words, namespace);
      return 'error' in command ? command : { tool: 'kubectl', command };
    }
    case 'argocd': {
      const command = parseArgocd(words);
      return 'error' in command ? command : { tool: 'argocd', command };
    }
    case 'git': {
      if (words[1] !== 'commit')
        return { error: `git: the sandbox's git only commits (git commit -m MESSAGE)` };
      // The command table lists git commit's options: any other is git's own error, never ignored.
      const row = commandRowOf(['git', 'commit']);
      for (let i = 2; i < words.length; i++) {
        if (words[i] === '-m' || words[i] === '--message') i++;
        else if (words[i].startsWith('-') && row && !flagRowOf(row, words[i].split('=')[0]))
          return { error: `error: unknown option \`${words[i].replace(/^-+/, '').split('=')[0]}'` };
      }
      const m = words.indexOf('-m');
      return { tool: 'git', message: m >= 0 ? (words[m + 1] ?? '') : '' };
    }
    default:
      return {
        error: `${words[0] ?? ''}: command not found (an intervention is a kubectl, argocd app or git commit command)`,
      };
  }
}
