/**
 * An HTTP client on a thread of its own, as a browser is a process of its own: the
 * benchmarked server keeps its event loop to itself, and the client's work (writing the
 * request, reading the socket, JSON.parse of the answer) is not booked to the server.
 *
 * A worker_threads worker with node:http and one keep-alive socket (a browser reuses its
 * connection too). The worker times each request itself, from `http.request` to the
 * answer parsed; the messages between the threads are outside the timing.
 */
import { Worker } from 'node:worker_threads';

// Plain JavaScript (an eval worker does not go through the TypeScript loader).
const WORKER = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
parentPort.on('message', ({ id, url, headers, body, full, method = 'POST' }) => {
  const u = new URL(url);
  const hostname = u.hostname === 'localhost' ? '127.0.0.1' : u.hostname;
  const length = Buffer.byteLength(body);
  const send = (retry) => {
    const t = performance.now();
    const req = http.request({ hostname, port: u.port, path: u.pathname + u.search, method, agent, headers: method === 'GET' ? headers : { ...headers, 'content-length': length } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const all = Buffer.concat(chunks);
        let json;
        if (method !== 'GET') try { json = JSON.parse(all.toString('utf8')); } catch { json = undefined; }
        const ms = performance.now() - t;
        parentPort.postMessage({ id, ms, status: res.statusCode, bytes: all.length, body: method === 'GET' ? (full ? all.toString('utf8') : undefined) : full || res.statusCode !== 200 ? json : undefined });
      });
    });
    req.on('error', (e) => {
      // The server closes a keep-alive socket idle for 5 s; a request sent as it closes is sent again (reads only).
      if (retry && (e.code === 'ECONNRESET' || e.code === 'EPIPE')) send(false);
      else parentPort.postMessage({ id, error: String(e && e.message || e) });
    });
    req.end(method === 'GET' ? undefined : body);
  };
  send(true);
});
`;

export interface Answer {
  status: number;
  /** From the request's start to its answer parsed, timed in the client thread. */
  ms: number;
  /** The parsed answer: always when not 200, else when asked for (`full`); a GET's is its text, when asked for. */
  body: unknown;
  /** The answer's length in bytes. */
  bytes: number;
}

export interface HttpClient {
  post(url: string, headers: Record<string, string>, body: string, full?: boolean): Promise<Answer>;
  /** A GET, its whole answer read (a page: `full` keeps its text). */
  get(url: string, headers: Record<string, string>, full?: boolean): Promise<Answer>;
  close(): Promise<void>;
}

export function httpClient(): HttpClient {
  const worker = new Worker(WORKER, { eval: true });
  worker.unref();
  let next = 0;
  const waiting = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  worker.on('message', (m: { id: number; error?: string } & Answer) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error !== undefined) w.reject(new Error(m.error));
    else w.resolve({ status: m.status, ms: m.ms, body: m.body, bytes: m.bytes });
  });
  worker.on('error', (e) => {
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  });
  const send = (m: { url: string; headers: Record<string, string>; body: string; full: boolean; method: 'GET' | 'POST' }) => {
    const id = next++;
    return new Promise<Answer>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...m });
    });
  };
  return {
    post: (url, headers, body, full = false) => send({ url, headers, body, full, method: 'POST' }),
    get: (url, headers, full = false) => send({ url, headers, body: '', full, method: 'GET' }),
    async close() {
      await worker.terminate();
    },
  };
}
