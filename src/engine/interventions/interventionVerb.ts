import { argocdVerbs, refreshFlags } from './argocdIntervention';
import { commandWords } from './commandWords';
import { kubectlArgs, kubectlVerbs } from './kubectlIntervention';

/**
 * The first word of each acting verb, from the lists the parsers' help and error texts print (`apply -f` is
 * `apply`, `set image` is `set`, `app rollback` is `rollback`): one list, so that a caller asking "is this line an
 * intervention?" (the page's terminal) and the parser that runs it can never disagree about a verb.
 */
export const kubectlVerbWords: readonly string[] = [...new Set(kubectlVerbs.map((v) => v.split(' ')[0]))];
export const argocdVerbWords: readonly string[] = [...new Set(argocdVerbs.map((v) => v.split(' ')[1]))];

/** The tool and acting verb of an intervention line. */
export interface InterventionVerb {
  tool: 'kubectl' | 'argocd' | 'git';
  verb: string;
}

/**
 * The acting verb of a typed line when it is one the intervention parser (intervention.ts) takes, else
 * undefined: `kubectl -n ns scale …` is kubectl's `scale` (flags and their values are skipped as kubectl skips
 * them), `argocd app set …` argocd's `set`, `git commit` git's `commit`; `kubectl get …` is no intervention. A line
 * the shell cannot split (an open quote) is split at blanks, so that the parser gets it and prints bash's error.
 */
export function interventionVerbOf(line: string): InterventionVerb | undefined {
  const split = commandWords(line.trim());
  const words = 'error' in split ? line.trim().split(/\s+/) : split;
  switch (words[0]) {
    case 'kubectl': {
      const parsed = kubectlArgs(words);
      // A valued flag without its value (`kubectl scale deploy/x -n`): the verb is still the first argument.
      const args = 'error' in parsed ? words.slice(1).filter((w) => !w.startsWith('-')) : parsed.args;
      const verb = args[0];
      return verb !== undefined && kubectlVerbWords.includes(verb) ? { tool: 'kubectl', verb } : undefined;
    }
    case 'argocd': {
      const verb = words[2];
      if (words[1] !== 'app' || verb === undefined || !argocdVerbWords.includes(verb)) return undefined;
      // `argocd app get` acts only as a refresh; without the flag it reads (the parser says so, too).
      if (verb === 'get' && !words.some((w) => refreshFlags.includes(w))) return undefined;
      return { tool: 'argocd', verb };
    }
    case 'git':
      return words[1] === 'commit' ? { tool: 'git', verb: 'commit' } : undefined;
    default:
      return undefined;
  }
}
