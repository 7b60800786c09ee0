/**
 * The load bench's floor (load.ts): a bare node:http endpoint that runs the list page's own
 * SQL with pg — the page query and its count, as the engine runs them for product_list's
 * first page — and answers the rows as JSON. No framework, no session, no validation.
 * Env: DATABASE_URL, PORT, LOAD_SQL (JSON { page, count, params }).
 */
import { createServer } from 'node:http';
import pg from 'pg';

const { page, count, params } = JSON.parse(process.env.LOAD_SQL!) as { page: string; count: string; params: unknown[] };
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    Promise.all([pool.query(page, params), pool.query(count, params)]).then(
      ([rows, n]) => {
        const body = JSON.stringify({ data: { rows: rows.rows, total: Number(n.rows[0].n) } });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
      },
      (e: unknown) => res.writeHead(500).end(String(e)),
    );
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare: listening'));
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
