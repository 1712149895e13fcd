import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What a path answers: its status, headers and body (written in chunks when `chunked`). */
type Answer = {
  status?: number;
  headers?: Record<string, string>;
  body?: Buffer;
  chunked?: boolean;
};

/**
 * A web server on 127.0.0.1 the import's photo fetching is pointed at: `answers` by path (an
 * answer of `'hang'` never comes), every request counted by path in `hits`.
 */
export async function startPhotoServer(answers: Record<string, Answer | 'hang'>) {
  const hits = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const answer = answers[path] ?? { status: 404 };
    if (answer === 'hang') return;
    res.writeHead(answer.status ?? 200, answer.headers);
    const body = answer.body ?? Buffer.alloc(0);
    if (!answer.chunked) return res.end(body);
    // Without a Content-Length: the fetch must count the bytes as they come.
    for (let at = 0; at < body.length; at += 1024) res.write(body.subarray(at, at + 1024));
    res.end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    /** The URL of the path on this server, by the host name given (127.0.0.1 unless). */
    url: (path: string, host = '127.0.0.1') => `http://${host}:${port}${path}`,
    hits: (path: string) => hits.get(path) ?? 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
