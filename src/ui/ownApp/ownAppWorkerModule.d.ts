/** The own-app worker's constructor, as Vite's `?worker` import makes it (see vite.config.ts). */
declare module 'sandbox-own-app-worker' {
  const OwnAppWorker: new (options?: { name?: string }) => Worker;
  export default OwnAppWorker;
}
