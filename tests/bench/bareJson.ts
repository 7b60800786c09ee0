/**
 * A bare node:http endpoint for the benchmarks' anchors: reads the request's JSON body,
 * asks `answer` with the statements set last and writes what it gives as JSON (an error:
 * 500) — what the SQL costs an HTTP client with no framework, session or engine.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BareJsonEndpoint<S> {
  url: string;
  set(statements: S): void;
  close(): Promise<void>;
}

export async function bareJsonEndpoint<S>(path: string, initial: S, answer: (statements: S) => Promise<unknown>): Promise<BareJsonEndpoint<S>> {
  let current = initial;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      answer(current).then(
        (body) => {
          const json = JSON.stringify(body);
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
          res.end(json);
        },
        (e: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: String(e) }));
        },
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    set: (s) => void (current = s),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
