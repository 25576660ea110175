import type { SignetEvent } from '@signet/contracts/events';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

type Listener = (event: SignetEvent) => void;

/** The events of the open streams, for a screen that shows more than fresh data (red dots). */
export interface LiveEvents {
  emit(event: SignetEvent): void;
  subscribe(listener: Listener): () => void;
}

export function createLiveEvents(): LiveEvents {
  const listeners = new Set<Listener>();
  return {
    emit: (event) => {
      for (const listener of listeners) listener(event);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const LiveEventsContext = createContext<LiveEvents | null>(null);

export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const [events] = useState(createLiveEvents);
  return <LiveEventsContext.Provider value={events}>{children}</LiveEventsContext.Provider>;
}

export function useLiveEvents(): LiveEvents {
  const events = useContext(LiveEventsContext);
  if (!events) throw new Error('useLiveEvents outside LiveEventsProvider');
  return events;
}

/** Calls `onEvent` for every event that arrives while the component is shown. */
export function useLiveEvent(onEvent: Listener): void {
  const events = useLiveEvents();
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => events.subscribe((event) => latest.current(event)), [events]);
}
