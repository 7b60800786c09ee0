import type { PageCtx } from './context.ts';

/** The newsletter sign-up form (footer, and the sign-up page): a POST form, no script. */
export function NewsletterForm({ ctx, id }: { ctx: PageCtx; id: string }) {
  const { t } = ctx;
  return (
    <form className="newsletter" action={ctx.href('/newsletter')} method="post">
      <label htmlFor={`${id}-email`}>{t('storefront.newsletter_email')}</label>
      <input id={`${id}-email`} name="email" type="email" required maxLength={254} autoComplete="email" />
      <label htmlFor={`${id}-name`}>{t('storefront.newsletter_name')}</label>
      <input id={`${id}-name`} name="name" type="text" maxLength={100} autoComplete="name" />
      <button type="submit">{t('storefront.newsletter_subscribe')}</button>
    </form>
  );
}

export type NewsletterState = 'form' | 'invalid_email' | 'sent' | 'confirm' | 'confirmed' | 'unsubscribe' | 'unsubscribed' | 'bad_link';

/** Sign-up, its answer, and the confirm / unsubscribe steps (a button: a mail scanner's GET changes nothing). */
export function NewsletterPage({ ctx, state, token }: { ctx: PageCtx; state: NewsletterState; token?: string }) {
  const { t } = ctx;
  const action = state === 'confirm' ? '/newsletter/confirm' : '/newsletter/unsubscribe';
  return (
    <section className="newsletter-page">
      <h1>{t('storefront.newsletter')}</h1>
      {state === 'form' || state === 'invalid_email' ? (
        <>
          {state === 'invalid_email' ? <p role="alert">{t('storefront.newsletter_invalid_email')}</p> : <p>{t('storefront.newsletter_intro')}</p>}
          <NewsletterForm ctx={ctx} id="nl-page" />
        </>
      ) : state === 'confirm' || state === 'unsubscribe' ? (
        <form action={ctx.href(action)} method="post">
          <p>{t(state === 'confirm' ? 'storefront.newsletter_confirm_text' : 'storefront.newsletter_unsubscribe_text')}</p>
          <input type="hidden" name="t" value={token} />
          <button type="submit">{t(state === 'confirm' ? 'storefront.newsletter_confirm' : 'storefront.newsletter_unsubscribe')}</button>
        </form>
      ) : (
        <p role="status">{t(`storefront.newsletter_${state}`)}</p>
      )}
    </section>
  );
}
