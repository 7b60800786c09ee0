import { errorField, log as logger } from './obs/log.ts';
/**
 * Work a request starts after its answer has gone (forgot_password mails the link only once it
 * has answered, so the answer's timing tells nothing). The server waits for it when it stops, so
 * a queued mail is not lost to a restart, and `settled()` tells a caller when every piece begun
 * so far has ended — the signal a test waits for before asserting that nothing else happened.
 */
export class AfterAnswer {
  private readonly pending = new Set<Promise<void>>();

  /** Runs `work` on the next turn of the event loop; a failure is logged under `name`, never thrown. */
  run(name: string, work: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((e: unknown) => logger.error({ err: errorField(e) }, `${name}: failed after the answer`))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Resolves once every piece of work begun before (and while) it waits has ended. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending);
  }
}
