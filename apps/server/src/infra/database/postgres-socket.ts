import { Socket, type OnReadOpts, type SocketConstructorOpts } from 'node:net';

/** Takes a connection's incoming bytes while a COPY answer arrives (postgres-copy.ts). */
export type BytesTaker = (bytes: Buffer) => void;

/**
 * The one buffer every connection's socket reads into (`onread`): each read is handed on
 * synchronously, copied to where its bytes go, before libuv reads into it again, so one buffer
 * serves every socket. A plain socket reads into a fresh 64 KiB buffer each time: 48 MB of
 * garbage for a 48 MB download, which V8 collects only when its external memory passes its limit
 * (27–44 MB of the server's memory over its baseline, decision 025).
 */
const readBuffer = Buffer.allocUnsafe(256 * 1024);

interface ReadingState {
  take: BytesTaker | undefined;
}

const states = new WeakMap<object, ReadingState>();

/**
 * A socket for a node-postgres connection (`pg.Pool`'s `stream`) that reads into `readBuffer`.
 * node-postgres keeps views of the bytes it is given across reads (a message's start waits for its
 * end), so it is given a copy of each read, of the read's own size, as a `data` event; while a
 * COPY answer arrives (`takeBytes`) the bytes go to its reader instead, which copies each row's
 * bytes once, straight to their place. TLS reads through a socket of its own: with `ssl`, a plain
 * socket (the COPY reader then takes node-postgres' `data` events, as before).
 */
export function readingSocket(config: { ssl?: unknown }): Socket {
  if (config.ssl) return new Socket();
  const state: ReadingState = { take: undefined };
  const onread: OnReadOpts = {
    buffer: readBuffer,
    callback: (length, buffer) => {
      const bytes = Buffer.from(buffer.buffer, buffer.byteOffset, length);
      if (state.take) state.take(bytes);
      else socket.emit('data', Buffer.from(bytes));
      return true;
    },
  };
  // Node takes `onread` in the constructor too (its types name it only for `connect`).
  const socket: Socket = new Socket({ onread } as SocketConstructorOpts);
  states.set(socket, state);
  return socket;
}

/**
 * Hands the socket's incoming bytes to `take` until `giveBack`, which returns the rest of the
 * read it is called in (and every later read) to node-postgres. False when the socket is not a
 * `readingSocket` (TLS): the caller then takes the driver's `data` events.
 */
export function takeBytes(
  socket: object,
  take: (bytes: Buffer, giveBack: (rest: Buffer) => void) => void,
): boolean {
  const state = states.get(socket);
  if (!state) return false;
  const giveBack = (rest: Buffer) => {
    state.take = undefined;
    if (rest.length > 0) (socket as Socket).emit('data', Buffer.from(rest));
  };
  state.take = (bytes) => take(bytes, giveBack);
  return true;
}
