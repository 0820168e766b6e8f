/**
 * Runs `work` after every earlier work of the same key in this process has settled. Fifty people
 * acting on one request at once would otherwise all read it, all try to write, and all but one fail and
 * try again: about N²/2 failed writes, each through the database's serialized write path (decision 008).
 * Queued here, they mostly succeed at the first try. Only within one process: across api instances the
 * guarded updates and unique indexes still decide, as they always do.
 */
const queues = new Map<string, Promise<void>>();

export function oneAtATime<Result>(key: string, work: () => Promise<Result>): Promise<Result> {
  const previous = queues.get(key) ?? Promise.resolve();
  const running = previous.then(work);
  const settled = running.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  // The last in line leaves no entry behind.
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return running;
}
