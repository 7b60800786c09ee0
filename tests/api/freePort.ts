import { createServer } from 'node:net';

/** A port of 127.0.0.1 nothing listens on now (taken from the system, then freed) for a child server to listen on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
