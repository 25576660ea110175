import type { EventStream, SignetEvent } from '@signet/contracts/events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { resolveApiUrl } from '../../shared/api/api-url';
import { useAuth } from '../../shared/auth/use-auth';
import { queryKeysForEvent } from '../../shared/events/event-invalidation';
import { connectEventStream } from '../../shared/events/event-stream';
import { useLiveEvents } from '../../shared/events/live-events';
import { createHeartbeatMonitor } from '../../shared/events/heartbeat-monitor';
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
 * Keeps the rSSP and rDSS event streams open while a user is signed in: heartbeats feed the 31 s
 * loss timers, LOGOUT forces a logout, chain/device/credential events invalidate their queries.
 */
export function useEventStreams(): ConnectionState {
  const config = useRemoteConfig();
  const { getAccessToken, renewAccessToken } = useAuth();
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
    const connections = streams.map((stream) => {
      const monitor = createHeartbeatMonitor({
        onLost: () => setLost((current) => new Set(current).add(stream)),
        onRestored: () => {
          setLost((current) => {
            const next = new Set(current);
            next.delete(stream);
            return next;
          });
          setReconnectCount((count) => count + 1);
        },
      });
      const connection = connectEventStream({
        url: resolveApiUrl(`/${stream}/v1/events`, config),
        stream,
        getAccessToken,
        renewAccessToken,
        onEvent: (event) => {
          // Any event proves the stream alive; HEARTBEAT is the regular one.
          monitor.beat();
          onEvent(event);
        },
      });
      return { monitor, connection };
    });
    return () => {
      for (const { monitor, connection } of connections) {
        monitor.stop();
        connection.close();
      }
    };
  }, [config, getAccessToken, renewAccessToken, queryClient, navigate, liveEvents]);

  return { isLost: lost.size > 0, reconnectCount };
}
