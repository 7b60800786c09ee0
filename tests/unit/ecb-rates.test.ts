/**
 * The ECB daily reference-rate file (src/server/rates/ecb.ts): its day and rates per EUR read
 * in either quoting, anything that is not such a file refused as a whole, and the cross rate
 * through EUR that a company in another currency gets (issue 46).
 */
import { describe, expect, it } from 'vitest';
import { ECB_DAILY_URL, formatRate } from '../../src/core/rates.ts';
import { configFromEnv } from '../../src/server/config.ts';
import { crossRate, EcbFormatError, parseEcbDaily } from '../../src/server/rates/ecb.ts';

/** The ECB's file as it is published (single quotes, tabs, two namespaces), shortened. */
const DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time='2026-11-27'>
			<Cube currency='USD' rate='1.0812'/>
			<Cube currency='JPY' rate='162.05'/>
			<Cube currency='CZK' rate='25.135'/>
			<Cube currency='HUF' rate='401.60'/>
		</Cube>
	</Cube>
</gesmes:Envelope>`;

describe('ECB daily rates', () => {
  it('reads the day and each rate per EUR, EUR itself 1', () => {
    expect(parseEcbDaily(DAILY)).toEqual({ day: '2026-11-27', perEur: { EUR: 1, USD: 1.0812, JPY: 162.05, CZK: 25.135, HUF: 401.6 } });
  });

  it('reads double quotes and attributes in another order', () => {
    const xml = `<Envelope><Cube><Cube time="2026-01-02"><Cube rate="4.97" currency="ron"/></Cube></Cube></Envelope>`;
    expect(parseEcbDaily(xml)).toEqual({ day: '2026-01-02', perEur: { EUR: 1, RON: 4.97 } });
  });

  it.each([
    ['an HTML page', '<html><body><h1>Maintenance</h1></body></html>'],
    ['an empty answer', ''],
    ['no day', DAILY.replace(" time='2026-11-27'", '')],
    ['a day that is none', DAILY.replace('2026-11-27', '2026-13-45')],
    ['no rate', DAILY.replace(/\t\t\t<Cube currency=.*\n/g, '')],
    ['a negative rate', DAILY.replace("rate='1.0812'", "rate='-1.0812'")],
    ['a zero rate', DAILY.replace("rate='1.0812'", "rate='0'")],
    ['a rate that is no number', DAILY.replace("rate='1.0812'", "rate='n/a'")],
    ['a rate missing', DAILY.replace(" rate='1.0812'", '')],
    ['a currency that is no ISO code', DAILY.replace("'USD'", "'US Dollar'")],
    ['two days', DAILY.replace("<Cube time='2026-11-27'>", "<Cube time='2026-11-26'><Cube time='2026-11-27'>")],
  ])('refuses %s', (_what, xml) => {
    expect(() => parseEcbDaily(xml)).toThrow(EcbFormatError);
  });

  it('crosses through EUR: a HUF company’s USD is HUF per EUR ÷ USD per EUR, to 10 decimals', () => {
    const { perEur } = parseEcbDaily(DAILY);
    expect(crossRate(perEur, 'HUF', 'USD')).toBe(371.4391416944);
    expect(crossRate(perEur, 'HUF', 'EUR')).toBe(401.6);
    expect(crossRate(perEur, 'EUR', 'HUF')).toBe(0.0024900398);
    expect(crossRate(perEur, 'CZK', 'HUF')).toBe(0.0625871514);
    expect(crossRate(perEur, 'HUF', 'PLN')).toBeUndefined(); // not in the file
    expect(crossRate(perEur, 'PLN', 'USD')).toBeUndefined();
  });

  it('shows a rate with every decimal it keeps, as the language writes numbers (the rate renderer)', () => {
    expect(formatRate(0.9523809524, 'de-DE')).toBe('0,9523809524');
    expect(formatRate(371.4391416944, 'en-GB')).toBe('371.4391416944');
    expect(formatRate(4010.5, 'hu-HU')).toBe('4010,5');
    expect(formatRate(12345.25, 'en-GB')).toBe('12,345.25');
  });

  it('reads RATES_URL: the ECB by default, empty for no feed, else an http(s) URL; RATES_TICK_MS an hour', () => {
    expect(configFromEnv({})).toMatchObject({ ratesUrl: ECB_DAILY_URL, ratesTickMs: 3_600_000 });
    expect(configFromEnv({ RATES_URL: '' }).ratesUrl).toBeUndefined();
    expect(configFromEnv({ RATES_URL: ' https://rates.example.org/daily.xml ', RATES_TICK_MS: '0' })).toMatchObject({ ratesUrl: 'https://rates.example.org/daily.xml', ratesTickMs: 0 });
    expect(() => configFromEnv({ RATES_URL: 'file:///etc/passwd' })).toThrow(/RATES_URL must be an http\(s\) URL/);
  });
});
