/**
 * A Socket.IO client spoken by hand: Engine.IO v4 over one WebSocket (the `ws` package), Socket.IO
 * v5 packets as text, the default namespace only. It does what the load test's subscribers need
 * and no more: connect, answer the server's pings, emit with an ack, and hand each event's
 * arguments to a handler.
 *
 * Why not socket.io-client: the load test's clients share this machine's two cores with the api
 * nodes they measure. socket.io-client spends about 30 µs of CPU on each event it receives
 * (engine and socket parsers, emitters, its reconnection manager); 20,000 of them per broadcast
 * delay the next frames the servers send, and the figure measured becomes the clients' own cost.
 * This client parses one JSON array per event and nothing else. `--client socket.io` keeps the
 * library for comparison.
 *
 * Wire format (https://socket.io/docs/v4/engine-io-protocol/, …/socket-io-protocol/):
 *   engine  0 open · 1 close · 2 ping · 3 pong · 4 message
 *   socket  (inside an engine message) 0 CONNECT · 1 DISCONNECT · 2 EVENT · 3 ACK · 4 CONNECT_ERROR
 *   e.g.    `42["clock",{…}]` an event; `4217["subscribe",{…}]` an event wanting ack 17; `4317[{…}]` that ack
 */
import WebSocket from 'ws';

export interface WireSocket {
  /** Calls `handler` with the first argument of every `event` the server emits. */
  on(event: string, handler: (payload: unknown) => void): void;
  /** Emits `event` with `payload` and resolves with the ack's first argument; rejects after `timeoutMs`. */
  emitWithAck(event: string, payload: unknown, timeoutMs: number): Promise<unknown>;
  /** Called once when the connection ends, whoever ended it. */
  onClose(handler: () => void): void;
  disconnect(): void;
}

/** Opens the Engine.IO session and joins the default namespace; rejects on a refusal, an error or after `timeoutMs`. */
export function connectWire(url: string, timeoutMs: number): Promise<WireSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false });
  const handlers = new Map<string, (payload: unknown) => void>();
  const acks = new Map<number, (args: unknown[]) => void>();
  const closeHandlers: Array<() => void> = [];
  let nextAck = 0;
  let closed = false;

  const socket: WireSocket = {
    on: (event, handler) => void handlers.set(event, handler),
    emitWithAck(event, payload, ackTimeoutMs) {
      const id = nextAck++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          acks.delete(id);
          reject(new Error(`no ack for ${event} within ${ackTimeoutMs} ms`));
        }, ackTimeoutMs);
        acks.set(id, (args) => {
          clearTimeout(timer);
          resolve(args[0]);
        });
        ws.send(`42${id}${JSON.stringify([event, payload])}`);
      });
    },
    onClose: (handler) => void closeHandlers.push(handler),
    disconnect() {
      if (ws.readyState === WebSocket.OPEN) ws.send('41'); // leave the namespace, then close
      ws.close();
    },
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('timeout')), timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      ws.terminate();
      reject(error);
    }
    ws.on('error', (error) => fail(error));
    ws.on('close', () => {
      if (closed) return;
      closed = true;
      for (const handler of closeHandlers) handler();
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const text = data.toString();
      switch (text[0]) {
        case '0': // engine open: join the default namespace
          ws.send('40');
          return;
        case '2': // engine ping: answer at once, or the server drops us after pingTimeout
          ws.send('3');
          return;
        case '1':
          ws.close();
          return;
        case '4':
          break;
        default:
          return;
      }
      switch (text[1]) {
        case '0': // CONNECT answered
          clearTimeout(timer);
          resolve(socket);
          return;
        case '4': // CONNECT_ERROR
          fail(new Error(`connect_error: ${text.slice(2)}`));
          return;
        case '1':
          ws.close();
          return;
        case '2': {
          const args = JSON.parse(text.slice(text.indexOf('['))) as [string, unknown];
          handlers.get(args[0])?.(args[1]);
          return;
        }
        case '3': {
          const start = text.indexOf('[');
          const id = Number(text.slice(2, start));
          const ack = acks.get(id);
          acks.delete(id);
          ack?.(JSON.parse(text.slice(start)) as unknown[]);
          return;
        }
      }
    });
  });
}
