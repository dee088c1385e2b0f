import type { Scenario } from './scenario';

/**
 * Scenarios whose whole copy another worker holds (your own app: the worker that read it, ownAppWorker.ts). A run
 * of one asks that worker to send it straight to the simulation worker over a MessageChannel, so the page's main
 * thread never clones it again: for four dropped files of 3.9 MiB, posting the app with the run request took a
 * main-thread task of about 285 ms of CPU (issue 31).
 */
const holders = new WeakMap<Scenario, (port: MessagePort) => void>();

/** Say that `send(port)` posts the whole of `scenario` on `port`. */
export function holdScenario(scenario: Scenario, send: (port: MessagePort) => void): void {
  holders.set(scenario, send);
}

/**
 * A port on which the worker that holds `scenario` posts it once, to pass on (transferred) to the simulation
 * worker; undefined when no worker holds it, and the scenario itself is posted.
 */
export function portToHeld(scenario: Scenario): MessagePort | undefined {
  const send = holders.get(scenario);
  if (!send) return undefined;
  const channel = new MessageChannel();
  send(channel.port1);
  return channel.port2;
}
