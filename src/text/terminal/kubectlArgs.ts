/**
 * kubectl's command line as this terminal reads it: flags may stand anywhere (`kubectl -n checkout-dev get
 * jobs`, as the course writes it), in the `--flag value`, `--flag=value` and `-fvalue` forms.
 */
export interface KubectlArgs {
  positional: string[];
  namespace: string | undefined;
  allNamespaces: boolean;
  output: string | undefined;
  tail: number | undefined;
  follow: boolean;
  showLabels: boolean;
  /** `--context NAME`: the cluster to read (kubectlContext.ts). */
  context?: string;
}

export type KubectlParse = { ok: true; args: KubectlArgs } | { ok: false; error: string };

/**
 * The flags that take a value. A Map, because the words are the user's: `flag in {…}` was true for `constructor`
 * and `toString`, so `kubectl describe pod constructor` read the pod's name as a flag.
 */
const valued = new Map<string, keyof KubectlArgs>([
  ['-n', 'namespace'],
  ['--namespace', 'namespace'],
  ['-o', 'output'],
  ['--output', 'output'],
  ['--tail', 'tail'],
  ['--context', 'context'],
]);

export function parseKubectlArgs(words: string[]): KubectlParse {
  const args: KubectlArgs = {
    positional: [],
    namespace: undefined,
    allNamespaces: false,
    output: undefined,
    tail: undefined,
    follow: false,
    showLabels: false,
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const eq = w.startsWith('--') ? w.indexOf('=') : -1;
    const flag = eq > 0 ? w.slice(0, eq) : /^-[no].+/.test(w) ? w.slice(0, 2) : w;
    const key = valued.get(flag);
    if (key !== undefined) {
      let value: string | undefined;
      if (eq > 0) value = w.slice(eq + 1);
      else if (w.length > 2 && !w.startsWith('--')) value = w.slice(2).replace(/^=/, '');
      else value = words[++i];
      if (value === undefined)
        return { ok: false, error: `error: flag needs an argument: '${flag.replace(/^-+/, '')}' in ${flag}` };
      if (key === 'tail') {
        if (!/^-?\d+$/.test(value))
          return {
            ok: false,
            error: `error: invalid argument "${value}" for "--tail" flag: strconv.ParseInt: parsing "${value}": invalid syntax`,
          };
        args.tail = Number(value);
      } else if (key === 'namespace') args.namespace = value;
      else if (key === 'context') args.context = value;
      else args.output = value;
    } else if (w === '-A' || w === '--all-namespaces') args.allNamespaces = true;
    else if (w === '-f' || w === '--follow') args.follow = true;
    else if (w === '--show-labels') args.showLabels = true;
    else if (w.startsWith('--')) return { ok: false, error: `error: unknown flag: ${flag}` };
    else if (w.startsWith('-') && w !== '-')
      return { ok: false, error: `error: unknown shorthand flag: '${w[1]}' in ${w}` };
    else args.positional.push(w);
  }
  return { ok: true, args };
}
