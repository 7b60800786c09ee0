/**
 * A stand-in for a translation or AI engine on 127.0.0.1 (issue 25: the real ones cannot be
 * reached from here). It records every request exactly as it came — method, path, headers,
 * raw body and the body parsed (JSON or a form) — and answers with what the test's handler
 * says: a status, JSON or text, headers, a delay (slowness, timeouts) or a raw stream of
 * chunks (server-sent events). Without a handler it answers 500, so a call the test did not
 * expect fails loudly.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  raw: string;
  /** JSON bodies parsed; forms as an object of arrays (q=a&q=b → { q: ['a', 'b'] }); else undefined. */
  body: unknown;
}

interface FakeAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  /** Wait before answering (ms). */
  delayMs?: number;
  /** Written one by one with `chunkDelayMs` between (e.g. `data: {...}\n\n` lines), then the end. */
  chunks?: string[];
  chunkDelayMs?: number;
}

type FakeHandler = (req: FakeRequest, index: number) => FakeAnswer | Promise<FakeAnswer>;

export interface EngineFake {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: FakeRequest[];
  /** The handler of the requests from now on. */
  answer(handler: FakeHandler): void;
  /** Answers the next requests in turn (the last one repeats). */
  answerInTurn(...answers: FakeAnswer[]): void;
  reset(): void;
  close(): Promise<void>;
}

function parseBody(raw: string, type: string | undefined): unknown {
  if (!raw) return undefined;
  if (type?.includes('application/json')) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return undefined;
    }
  }
  if (type?.includes('application/x-www-form-urlencoded')) {
    const out: Record<string, string[]> = {};
    for (const [k, v] of new URLSearchParams(raw)) (out[k] ??= []).push(v);
    return out;
  }
  return undefined;
}

// The fake engine's own latency (a slow answer, a stream's pace) is what a test puts to the
// product, whose time-outs and streaming it tries; no test waits on it.
// eslint-disable-next-line no-restricted-syntax
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startEngineFake(): Promise<EngineFake> {
  const requests: FakeRequest[] = [];
  let handler: FakeHandler = () => ({ status: 500, json: { error: 'the test set no answer' } });
  const respond = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded: FakeRequest = { method: req.method ?? 'GET', path: u.pathname, query: u.searchParams, headers: req.headers, raw, body: parseBody(raw, req.headers['content-type']) };
    requests.push(recorded);
    const a = await handler(recorded, requests.length - 1);
    if (a.delayMs) await wait(a.delayMs);
    if (res.destroyed) return;
    const headers: Record<string, string> = { ...a.headers };
    if (a.chunks) {
      res.writeHead(a.status ?? 200, { 'content-type': 'text/event-stream', ...headers });
      for (const c of a.chunks) {
        if (res.destroyed) return;
        res.write(c);
        if (a.chunkDelayMs) await wait(a.chunkDelayMs);
      }
      res.end();
      return;
    }
    const body = a.json !== undefined ? JSON.stringify(a.json) : (a.text ?? '');
    if (a.json !== undefined) headers['content-type'] ??= 'application/json';
    res.writeHead(a.status ?? 200, headers);
    res.end(body);
  };
  const server = createServer((req, res) => {
    respond(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(e));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (h) => void (handler = h),
    answerInTurn: (...answers) => {
      let n = 0;
      handler = () => answers[Math.min(n++, answers.length - 1)]!;
    },
    reset: () => void (requests.length = 0),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
