/** The simulation worker's constructor, as Vite's `?worker` import makes it (see vite.config.ts). */
declare module 'sandbox-sim-worker' {
  const SimWorker: new (options?: { name?: string }) => Worker;
  export default SimWorker;
}
