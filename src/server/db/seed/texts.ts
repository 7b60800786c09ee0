import type { Queryable } from '../types.ts';
import { insertRows } from './insert.ts';

/**
 * Demo: the texts an administrator keeps (issue 24) — the warehouse documents' own texts per
 * company in every language (settings/obd_texts, printed by server/print/documents.ts), and one
 * caption (settings/captions) over a catalogue text, so both pages open with data.
 */
export async function seedTexts(tx: Queryable): Promise<void> {
  const footer = {
    en: '<p>Picked by: ____________ Checked by: ____________</p>',
    de: '<p>Kommissioniert von: ____________ Geprüft von: ____________</p>',
    hu: '<p>Szedte: ____________ Ellenőrizte: ____________</p>',
    sk: '<p>Vychystal: ____________ Skontroloval: ____________</p>',
    ro: '<p>Colectat de: ____________ Verificat de: ____________</p>',
    cs: '<p>Vychystal: ____________ Zkontroloval: ____________</p>',
    bg: '<p>Комплектовал: ____________ Проверил: ____________</p>',
  };
  const terms = {
    en: '<p>Report damaged or missing goods to the supplier within <strong>3 working days</strong>.</p>',
    de: '<p>Beschädigte oder fehlende Ware innerhalb von <strong>3 Werktagen</strong> dem Lieferanten melden.</p>',
    hu: '<p>A sérült vagy hiányzó árut <strong>3 munkanapon</strong> belül jelezze a szállítónak.</p>',
    sk: '<p>Poškodený alebo chýbajúci tovar nahláste dodávateľovi do <strong>3 pracovných dní</strong>.</p>',
    ro: '<p>Semnalați furnizorului mărfurile deteriorate sau lipsă în <strong>3 zile lucrătoare</strong>.</p>',
    cs: '<p>Poškozené nebo chybějící zboží nahlaste dodavateli do <strong>3 pracovních dnů</strong>.</p>',
    bg: '<p>Съобщете на доставчика за повредени или липсващи стоки в рамките на <strong>3 работни дни</strong>.</p>',
  };
  const rows = ['SK01', 'HU01', 'CZ01'].flatMap((company_code) => [
    { company_code, document_type: 'pick_list', placement: 'footer', obd_text: footer },
    { company_code, document_type: 'arriving_shipment', placement: 'terms', obd_text: terms },
  ]);
  await insertRows(
    tx,
    'app.obd_texts',
    [
      ['company_code', 'text'],
      ['document_type', 'text'],
      ['placement', 'text'],
      ['obd_text', 'jsonb'],
    ],
    rows,
  );
  await tx.query("insert into app.captions (text_key, language_code, caption_text) values ('fields.obd_text', 'de', 'Text auf dem Dokument')");
}
