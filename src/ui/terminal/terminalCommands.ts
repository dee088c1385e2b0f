// What the terminal runs a line with: the argocd, kubectl and shell commands, their completion and the world at
// the cursor they read. It is a chunk of its own, loaded when the command line gets the focus (Terminal.svelte),
// since the first paint needs none of it: with the Argo CD command table it was the largest part of the page's
// own code in the initial JavaScript (issue 32, "Budget").
export { complete } from '../../text/terminal/complete';
export { isIntervention } from '../../text/terminal/interventionLine';
export { revisionNames } from '../../text/terminal/revisionNames';
export { runLine } from '../../text/terminal/runLine';
export { World } from '../../text/terminal/world';
