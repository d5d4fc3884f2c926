/** Contract events as Server-Sent Events for the browser bridge (the Electron window gets them over IPC). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EventHub } from '@main/ipc/events';
import { SECURITY_HEADERS } from '@main/bridge/http-util';

const KEEP_ALIVE_MS = 25_000;

export function openEventStream(req: IncomingMessage, res: ServerResponse, hub: EventHub): void {
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
  });
  // A first comment lets the client see the stream is open before any event arrives.
  res.write(': verbunden\n\n');
  const unsubscribe = hub.subscribe((name, payload) => {
    res.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
  });
  const keepAlive = setInterval(() => res.write(': \n\n'), KEEP_ALIVE_MS);
  keepAlive.unref();
  req.on('close', () => {
    clearInterval(keepAlive);
    unsubscribe();
  });
}
