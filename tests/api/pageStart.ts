import type { Json } from './harness.ts';

/** The start a page load carried (src/server/http/startData.ts), read from its HTML; undefined when it carries none. */
export function startDataOf(html: string): Json | undefined {
  const m = /<script type="application\/json" id="start-data">([^<]*)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Json) : undefined;
}
