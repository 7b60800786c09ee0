import * as v from 'valibot';
import { NewsletterPage, type NewsletterState } from '../../storefront/NewsletterPage.tsx';
import type { Db } from '../db/types.ts';
import { formOf } from './form.ts';
import { confirm, isToken, signUp, SignUp, tokenKnown, unsubscribe } from './newsletter.ts';
import type { Args, Page } from './pages.tsx';

/** The newsletter's paths within a language. */
export const NEWSLETTER_PATH = /^\/newsletter(\/confirm|\/unsubscribe)?$/;

/**
 * GET /newsletter (the form; `?s=sent` its answer), POST /newsletter (sign up → 303 to the
 * answer, the same whether or not the address was known), GET and POST
 * /newsletter/confirm|unsubscribe?t=… (a page with a button, then the step itself).
 */
export const newsletterRoute = {
  run: async (a: Args): Promise<Page> => {
    const { c, shop, place, ctx, helpers } = a;
    const db = a.db as Db;
    const step = NEWSLETTER_PATH.exec(place.path)![1];
    const page = (state: NewsletterState, status: 200 | 400 = 200, token?: string): Page => ({
      head: helpers.head(ctx, place, { title: ctx.t('storefront.newsletter'), description: '', noindex: true }),
      body: <NewsletterPage ctx={ctx} state={state} token={token} />,
      status,
    });
    if (c.req.method !== 'POST') {
      if (!step) return page(c.req.query('s') === 'sent' ? 'sent' : 'form');
      const t = c.req.query('t');
      const purpose = step === '/confirm' ? 'confirm' : 'unsubscribe';
      return isToken(t) && (await tokenKnown(db, shop.id, t, purpose)) ? page(purpose, 200, t) : page('bad_link', 400);
    }
    const form = await formOf(c);
    if (!form) return page(step ? 'bad_link' : 'invalid_email', 400);
    if (!step) {
      const input = v.safeParse(SignUp, { email: form.get('email') ?? '', name: form.get('name') ?? '' });
      if (!input.success) return page('invalid_email', 400);
      await signUp(db, shop, place.lang.code, input.output, a.mailLink);
      return { redirect: `${ctx.href('/newsletter')}?s=sent`, status: 303 };
    }
    const t = form.get('t') ?? undefined;
    if (!isToken(t)) return page('bad_link', 400);
    if (step === '/confirm') return (await confirm(db, shop.id, t)) === 'done' ? page('confirmed') : page('bad_link', 400);
    return (await unsubscribe(db, shop.id, t)) === 'done' ? page('unsubscribed') : page('bad_link', 400);
  },
};
