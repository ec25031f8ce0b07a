import type { FastifyBaseLogger } from 'fastify';

/**
 * The scheduling shared by the outbox workers (mail, messages): a poll timer, `kick()` for
 * "something was queued", `drain()` for tests and shutdown. Several kicks while a pass runs lead
 * to one more pass, not many; a failed pass is logged and the next poll tries again.
 */
export abstract class DrainLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopRequested = false;

  protected constructor(
    protected readonly log: FastifyBaseLogger,
    private readonly name: string,
    private readonly pollMs: number,
  ) {}

  /** One pass: sends everything due now. */
  protected abstract drainOnce(): Promise<void>;

  /**
   * True once `stop()` was called. A pass working through a long backlog checks it between
   * batches, so shutting down waits for one batch, not for the whole backlog.
   */
  protected get stopping(): boolean {
    return this.stopRequested;
  }

  start(): void {
    this.stopRequested = false;
    this.timer ??= setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
  }

  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drainOnce()
      .catch((err) => this.log.error({ err }, `${this.name} drain failed`))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopRequested) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Sends everything due now and resolves when done. Tests await it before reading what was sent. */
  async drain(): Promise<void> {
    while (this.running) await this.running;
    await this.drainOnce();
  }

  async stop(): Promise<void> {
    this.stopRequested = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.running) await this.running;
  }
}
