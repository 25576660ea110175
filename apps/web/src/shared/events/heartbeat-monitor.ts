import { heartbeatLossMs } from '@signet/contracts/limits';

export interface HeartbeatMonitorOptions {
  /** No heartbeat for this long means the service is lost (spec: 31 000 ms). */
  timeoutMs?: number;
  /** The timer expired: show the "service not available" banner. */
  onLost(): void;
  /** A heartbeat arrived after a loss: hide the banner, say "Reconnected!". */
  onRestored(): void;
}

export interface HeartbeatMonitor {
  /** A HEARTBEAT (or any sign of life) arrived: reset the timer. */
  beat(): void;
  isLost(): boolean;
  stop(): void;
}

/** The 31 s heartbeat timer of spec platform §4. Starts counting at creation. */
export function createHeartbeatMonitor(options: HeartbeatMonitorOptions): HeartbeatMonitor {
  const timeoutMs = options.timeoutMs ?? heartbeatLossMs;
  let lost = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (!lost) {
        lost = true;
        options.onLost();
      }
    }, timeoutMs);
  };

  arm();
  return {
    beat() {
      if (lost) {
        lost = false;
        options.onRestored();
      }
      arm();
    },
    isLost: () => lost,
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
