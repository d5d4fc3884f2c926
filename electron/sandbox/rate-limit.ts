/** A per-client fixed one-second window, enough to let clients practise honouring 429 and Retry-After. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly requestsPerSecond: number) {}

  /** Seconds to wait, or 0 when the request may pass. Uses a monotonic clock, not the injected one. */
  retryAfter(client: string): number {
    const now = performance.now();
    let w = this.windows.get(client);
    if (!w || now - w.start >= 1000) {
      if (this.windows.size > 10_000) this.windows.clear();
      w = { start: now, count: 0 };
      this.windows.set(client, w);
    }
    w.count++;
    if (w.count <= this.requestsPerSecond) return 0;
    return Math.max(1, Math.ceil((w.start + 1000 - now) / 1000));
  }
}
