import type { EventStream, SignetEvent } from '@signet/contracts/events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../shared/auth/use-auth';
import { queryKeysForEvent } from '../../shared/events/event-invalidation';
import { eventSources } from '../../shared/events/event-sources';
import { connectEventStream } from '../../shared/events/event-stream';
import { useLiveEvents } from '../../shared/events/live-events';
import { createHeartbeatMonitor } from '../../shared/events/heartbeat-monitor';
import { shareEventStreams } from '../../shared/events/shared-events';
import { useRemoteConfig } from '../../shared/hooks/use-remote-config';
import { paths } from '../paths';

const streams: EventStream[] = ['rssp', 'rdss'];

export interface ConnectionState {
  /** Some stream has had no heartbeat for 31 s. */
  isLost: boolean;
  /** Counts recoveries, so each one can show "Reconnected!". */
  reconnectCount: number;
}

/**
 * Keeps the rSSP and rDSS events coming while a user is signed in: heartbeats feed the 31 s loss
 * timers, LOGOUT forces a logout, chain/device/credential events invalidate their queries. One
 * tab of the browser reads the streams for all tabs of the user (decision 055).
 */
export function useEventStreams(): ConnectionState {
  const config = useRemoteConfig();
  const { getAccessToken, renewAccessToken, user } = useAuth();
  const identity = `${config.oidcIssuer} ${user?.profile.sub ?? ''}`;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const liveEvents = useLiveEvents();
  const [lost, setLost] = useState<ReadonlySet<EventStream>>(new Set());
  const [reconnectCount, setReconnectCount] = useState(0);

  useEffect(() => {
    const onEvent = (event: SignetEvent) => {
      if (event.name === 'LOGOUT') {
        void navigate(paths.logout);
        return;
      }
      for (const queryKey of queryKeysForEvent(event.name)) {
        void queryClient.invalidateQueries({ queryKey });
      }
      liveEvents.emit(event);
    };
    const monitors = streams.map((stream) =>
      createHeartbeatMonitor({
        onLost: () => setLost((current) => new Set(current).add(stream)),
        onRestored: () => {
          setLost((current) => {
            const next = new Set(current);
            next.delete(stream);
            return next;
          });
          setReconnectCount((count) => count + 1);
        },
      }),
    );
    const shared = shareEventStreams({
      key: identity,
      connect: (deliver) => {
        const connections = eventSources(config, window.location.origin).map((source) =>
          connectEventStream({
            url: source.url,
            streams: source.streams,
            getAccessToken,
            renewAccessToken,
            onEvent: deliver,
          }),
        );
        return () => {
          for (const connection of connections) connection.close();
        };
      },
      onEvent: (event) => {
        // Any event proves its service's stream alive; HEARTBEAT is the regular one.
        monitors[streams.indexOf(event.stream)]?.beat();
        onEvent(event);
      },
      locks: typeof navigator === 'undefined' ? undefined : navigator.locks,
      openChannel:
        typeof BroadcastChannel === 'undefined' ? undefined : (name) => new BroadcastChannel(name),
      page: window,
    });
    return () => {
      shared.close();
      for (const monitor of monitors) monitor.stop();
    };
  }, [config, identity, getAccessToken, renewAccessToken, queryClient, navigate, liveEvents]);

  return { isLost: lost.size > 0, reconnectCount };
}
