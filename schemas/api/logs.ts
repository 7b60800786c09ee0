/** Navigation and browser error logs. */
import * as v from 'valibot';

export const PageLogInput = v.strictObject({ _page_name: v.pipe(v.string(), v.nonEmpty(), v.maxLength(500)) });
export const PageLogOutput = v.object({ data: v.object({ allowed: v.boolean() }) });
export const PageErrorLogInput = v.strictObject({
  _page_name: v.pipe(v.string(), v.maxLength(500)),
  _error: v.pipe(v.string(), v.maxLength(10_000)),
});
export const PageErrorLogOutput = v.object({ data: v.object({ logged: v.boolean() }) });
