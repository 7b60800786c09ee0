/**
 * The grid's file routes: POST /api/export/{form} (JSON body → a CSV or XLSX download) and
 * POST /api/import/{form} (multipart: file, mode inspect|preview|commit, language, mapping).
 * Export needs the page's list permission; import needs add (with `actions.add`) or set —
 * rows are refused one by one for the flag they would need and the user lacks.
 */
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ExportInput, ImportFields, ImportMapping } from '../../../schemas/api.ts';
import { writableFields } from '../../core/validation/columns.ts';
import { hasPagePermission, requireForm } from '../actions/engine/permissions.ts';
import { screens } from '../actions/engine/screens.ts';
import { importRows } from '../actions/engine/write.ts';
import { delivering } from '../invoices/deliver.ts';
import { HttpError, badRequest, checkInputText, forbidden, parseInput, refused } from '../http/errors.ts';
import { readsOf, type Deps, type Session } from '../rpc/context.ts';
import { exportView } from './export.ts';
import { inspect, planImport, withCells, withWritten, type Rights } from './import.ts';
import { parseSheet } from './parsePool.ts';
import { MAX_IMPORT_BYTES, formatOf } from './sheet.ts';

const tooLarge = () => refused('file_too_large', `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`, { limit: MAX_IMPORT_BYTES / 1024 / 1024 }, 413);

export function mountTransfer(app: Hono, deps: Deps, requireSession: (c: Context) => Promise<Session>, readJson: (c: Context) => Promise<unknown>): void {
  app.post('/api/export/:form', async (c) => {
    const session = await requireSession(c);
    const body = await readJson(c);
    const input = parseInput(ExportInput, body, 'body');
    const screen = await requireForm(deps.db, session, c.req.param('form'), 'list');
    // The body as sent (valibot's records drop prototype keys): no text PostgreSQL cannot hold, no such key.
    checkInputText(body, 'body');
    // The rows from the replica when there is one (Deps.reads); the rights above from the primary.
    return exportView(readsOf(deps), screen, input, session);
  });

  app.post(
    '/api/import/:form',
    bodyLimit({
      maxSize: MAX_IMPORT_BYTES + 64 * 1024,
      onError: () => {
        throw tooLarge();
      },
    }),
    async (c) => {
      const session = await requireSession(c);
      const form = c.req.param('form');
      const screen = screens.get(form);
      if (!screen) throw new HttpError(404, 'bad_data_source', `bad_data_source: no form "${form}"`);
      if (screen.access === 'authenticated' || !screen.source.write) throw forbidden(`forbidden: ${form} is read-only`);
      // Private rows (source.owner) are made and changed by their own path and the grid, never by a file.
      if (screen.source.owner || screen.source.userCompanies) throw forbidden(`forbidden: ${form} holds its users' private rows: not imported`);
      const [add, set] = await Promise.all([hasPagePermission(deps.db, session.userId, screen.pageUrl!, 'add'), hasPagePermission(deps.db, session.userId, screen.pageUrl!, 'set')]);
      const rights: Rights = { canAdd: add && !!screen.actions.add, canSet: set && writableFields(screen, 'set').length > 0 };
      if (!rights.canAdd && !rights.canSet) throw forbidden(`forbidden: no add or set permission for ${form}`);

      let body: Record<string, string | File>;
      try {
        body = await c.req.parseBody<Record<string, string | File>>();
      } catch {
        throw badRequest('body: expected multipart/form-data with a file');
      }
      const { file, ...fields } = body;
      if (!(file instanceof File)) throw refused('file_required', 'body.file: a file is required');
      const input = parseInput(ImportFields, fields, 'body');
      if (file.size > MAX_IMPORT_BYTES) throw tooLarge();
      formatOf(file.name); // 415 before reading
      const sheet = await parseSheet(file.name, await file.arrayBuffer(), input.language); // on a parser thread
      if (input.mode === 'inspect') return c.json(inspect(screen, sheet, rights));

      let raw: unknown;
      try {
        raw = JSON.parse(input.mapping ?? '');
      } catch {
        throw badRequest('body.mapping: expected a JSON array (one field or null per file column)');
      }
      const mapping = parseInput(ImportMapping, raw, 'body.mapping');
      const { result, write } = await planImport(deps.db, screen, sheet, mapping, input.language, session.company, rights);
      if (input.mode === 'commit' && !write.inserts.length && !write.updates.length) throw refused('nothing_to_import', 'body: no valid row to import');
      // The preview is a dry run too: it reports the rows a rule of the database refuses.
      const written =
        write.inserts.length || write.updates.length
          ? await importRows(
              // An imported row may issue an invoice (a payment settling an order invoiced on `pay`): delivered in the import's transaction.
              delivering(deps.db),
              screen,
              write,
              { company: session.company, userId: session.userId, language: input.language, confirm: input.confirm ? [input.confirm] : undefined },
              { dryRun: input.mode === 'preview' },
            )
          : { refused: [] };
      return c.json({ ...withCells(withWritten(result, write, written), sheet, mapping, screen.keys), written: input.mode === 'commit' });
    },
  );
}
