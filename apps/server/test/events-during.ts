import { randomUUID } from 'node:crypto';
import type { SignetEvent } from '@signet/contracts/events';
import type { EventBus } from '#infra/database/event-bus';

/**
 * The events published while `work` runs, without sleeping: afterwards a marker event is
 * published and awaited. NOTIFY delivers in commit order, so everything `work` committed has
 * arrived by then (and what it rolled back never will).
 */
export async function eventsDuring(
  events: EventBus,
  work: () => Promise<unknown>,
): Promise<SignetEvent[]> {
  const marker = randomUUID();
  const seen: SignetEvent[] = [];
  let markerArrived: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (markerArrived = resolve));
  const stop = events.subscribe((event) => {
    if (event.payload.marker === marker) markerArrived();
    else seen.push(event);
  });
  try {
    await work();
    await events.publish({ name: 'HEARTBEAT', stream: 'rssp', userId: null, payload: { marker } });
    await arrived;
    return seen;
  } finally {
    stop();
  }
}
