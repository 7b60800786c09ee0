/**
 * A print document in the print frame (src/core/print.ts): the server builds the model
 * (GET /api/print/{doc}?…, in the page's language) and this page draws it as HTML — A4,
 * 190 mm content, barcodes as SVG of bwip-js's symbols. "Download PDF" fetches the same model as
 * the server's PDF (GET /api/print/{doc}/pdf?…). The query string is passed on as it is.
 */
import bwipjs from 'bwip-js/browser';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import {
  barcodeShape,
  barcodeSizeMm,
  type Barcode,
  type RawSymbol,
  type PrintBatch,
  type PrintBlock,
  type PrintDocument,
  type PrintDocumentKey,
  type PrintLabel,
  printTitle,
} from '../../../core/print.ts';
import { printsInRecipientLanguage } from '../../../core/printDocuments.ts';
import { api } from '../../api/client.ts';
import { describeError, say, type Said } from '../../api/said.ts';
import { usePageTitle } from '../../chrome/pageTitle.ts';
import { saveBlob } from '../../grid/transfer/saveBlob.ts';
import { useSession } from '../../session/session.ts';
import { FormHtml } from './FormHtml.tsx';
import './print.css';

type Loaded = PrintBatch | { error: Said };

/**
 * The request's query: the page's own parameters with the language printed — the page's,
 * except for a document to a customer or supplier, which is in its recipient's language
 * unless the address names one (`?lang=`).
 */
function query(doc: PrintDocumentKey, search: string, lang: string): string {
  const q = new URLSearchParams(search);
  if (!printsInRecipientLanguage(doc)) q.set('lang', lang);
  return q.toString();
}

async function loadBatch(doc: PrintDocumentKey, q: string): Promise<Loaded> {
  try {
    return (await api.get<{ data: PrintBatch }>(`/api/print/${doc}?${q}`)).data;
  } catch (e) {
    return { error: describeError(e) };
  }
}

/**
 * The address's own query, as written: the router's parsed search reads
 * '?product_code=P1&product_code=P2' as a JSON array and '?product_code=1e5' as a number,
 * and this chunk carries none of the router's code (the list route's shared chunks stay as
 * they are). A print page is opened by its address (a new tab, a link, a reload); going back
 * and forth between two of its addresses in a tab is followed through popstate.
 */
const onPopState = (changed: () => void) => {
  addEventListener('popstate', changed);
  return () => removeEventListener('popstate', changed);
};
const addressQuery = () => location.search;

export function PrintDocumentPage({ doc }: { doc: PrintDocumentKey }) {
  usePageTitle(printTitle(doc));
  const search = useSyncExternalStore(onPopState, addressQuery);
  const lang = useSession((s) => s.lang);
  const company = useSession((s) => s.company);
  const q = query(doc, search, lang);
  // A new query, language or company is a new document (a new view, its own load).
  return <DocumentView key={`${q}|${company ?? ''}`} doc={doc} q={q} />;
}

function DocumentView({ doc, q }: { doc: PrintDocumentKey; q: string }) {
  const intl = useIntl();
  // The load starts after the view is committed (a request changes the progress store: never in render), once per query.
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let live = true;
    void loadBatch(doc, q).then((l) => live && setLoaded(l));
    return () => {
      live = false;
    };
  }, [doc, q]);
  const [failed, setFailed] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const batch = loaded && !('error' in loaded) ? loaded : null;
  const download = async () => {
    if (!batch) return;
    setBusy(true);
    setFailed(null);
    try {
      saveBlob(await api.downloadGet(`/api/print/${doc}/pdf?${q}`), `${batch.fileName}.pdf`);
    } catch (e) {
      setFailed(describeError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className="print-actions no-print">
        <button type="button" className="btn" onClick={() => void download()} disabled={busy || !batch}>
          {intl.formatMessage({ id: 'print.download_pdf' })}
        </button>
        {failed && (
          <p className="print-error" role="alert">
            {say(intl, failed)}
          </p>
        )}
      </div>
      {loaded === null ? <p className="grid-muted">{intl.formatMessage({ id: 'print.loading' })}</p> : <BatchView doc={doc} loaded={loaded} />}
    </>
  );
}

function BatchView({ doc, loaded }: { doc: PrintDocumentKey; loaded: Loaded }) {
  const intl = useIntl();
  if ('error' in loaded) {
    const nothing = loaded.error.id === 'server.print_nothing';
    return (
      <p className="print-error" role="alert">
        {say(intl, nothing ? { id: `print.choose_${doc}` } : loaded.error)}
      </p>
    );
  }
  return (
    <div className="print-batch" lang={loaded.lang}>
      {loaded.documents.map((d, i) => (
        <DocumentHtml key={i} d={d} lang={d.lang !== loaded.lang ? d.lang : undefined} />
      ))}
    </div>
  );
}

function DocumentHtml({ d, lang }: { d: PrintDocument; lang?: string | undefined }) {
  return (
    <section className="print-doc" lang={lang}>
      <h1 className="print-title">{d.title}</h1>
      {d.meta.length > 0 && (
        <dl className="print-meta">
          {d.meta.map((m) => (
            <div key={m.label}>
              <dt>{m.label}</dt>
              <dd>{m.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {d.blocks.map((b, i) => (
        <BlockHtml key={i} b={b} />
      ))}
    </section>
  );
}

function BlockHtml({ b }: { b: PrintBlock }) {
  if (b.kind === 'text')
    return (
      <div className={`print-text print-text-${b.placement}`}>
        {b.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
    );
  if (b.kind === 'form') return <FormHtml f={b.form} />;
  if (b.kind === 'table')
    return (
      <table className="print-table">
        <colgroup>
          {b.table.columns.map((c) => (
            <col key={c.key} style={{ width: `${c.width}mm` }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {b.table.columns.map((c) => (
              <th key={c.key} className={c.align === 'right' ? 'num' : undefined}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {b.table.rows.map((r, i) => (
            <tr key={i}>
              {b.table.columns.map((c) => (
                <td key={c.key} className={c.align === 'right' ? 'num' : undefined}>
                  {r[c.key] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <div className="print-labels" style={{ gridTemplateColumns: `repeat(${b.columns}, 1fr)` }}>
      {b.labels.map((l, i) => (
        <LabelHtml key={i} l={l} height={b.labelHeight} />
      ))}
    </div>
  );
}

function LabelHtml({ l, height }: { l: PrintLabel; height: number }) {
  return (
    <div className="print-label" style={{ height: `${height}mm` }}>
      <div className="print-label-heading">{l.heading}</div>
      {l.lines.map((x, i) => (
        <div key={i} className="print-label-line">
          {x}
        </div>
      ))}
      <div className="print-label-codes">
        {l.barcodes
          .filter((b) => b.symbology !== 'qrcode')
          .map((b, i) => (
            <figure key={i} className="print-linear">
              <BarcodeSvg b={b} />
              <figcaption>{b.value}</figcaption>
            </figure>
          ))}
        {l.barcodes
          .filter((b) => b.symbology === 'qrcode')
          .map((b, i) => (
            <BarcodeSvg key={i} b={b} />
          ))}
      </div>
    </div>
  );
}

/** bwip-js encodes the value (its `raw` symbol, as the PDF does); the modules are drawn as SVG rects. */
function BarcodeSvg({ b }: { b: Barcode }) {
  const shape = barcodeShape((bwipjs.raw(b.symbology, b.value, '') as RawSymbol[])[0]!);
  const size = barcodeSizeMm(b, shape.modules);
  const n = shape.modules;
  // Linear codes are stretched to their printed height (bars one unit high); a QR code is n × n.
  return (
    <svg
      className="print-barcode"
      data-symbology={b.symbology}
      data-value={b.value}
      viewBox={shape.kind === 'bars' ? `0 0 ${n} 1` : `0 0 ${n} ${n}`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      role="img"
      aria-label={b.value}
      style={{ width: `${size.width}mm`, height: `${size.height}mm` }}
    >
      {shape.kind === 'bars'
        ? shape.bars.map(([x, w]) => <rect key={x} x={x} y={0} width={w} height={1} />)
        : shape.runs.map(([r, c, len]) => <rect key={`${r}.${c}`} x={c} y={r} width={len} height={1} />)}
    </svg>
  );
}
