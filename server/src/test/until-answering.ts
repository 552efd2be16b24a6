import type { ChildProcess } from 'node:child_process';

/** Processes started for tests or benchmarks that are still running: killed if we exit first. */
const running = new Set<ChildProcess>();
let hooked = false;

/**
 * Polls `url` until it answers 2xx (true) or `child` exits first (false). There is no deadline:
 * a busy machine only makes the wait longer, and the caller's hook timeout bounds it. A child
 * still running when this process exits is killed, so a server given up on by a timed-out hook
 * does not outlive the run.
 */
export async function untilAnswering(child: ChildProcess, url: string): Promise<boolean> {
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  if (!hooked) {
    hooked = true;
    process.once('exit', () => running.forEach((c) => c.kill('SIGKILL')));
  }
  running.add(child);
  child.once('exit', () => running.delete(child));
  while (!gone()) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  running.delete(child);
  return false;
}
