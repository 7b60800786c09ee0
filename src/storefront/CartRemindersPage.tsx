import type { PageCtx } from './context.ts';

export type RemindersState = 'unsubscribe' | 'unsubscribed' | 'bad_link';

/** A cart reminder's unsubscribe link: a button first (a mail scanner's GET changes nothing), then the answer. */
export function CartRemindersPage({ ctx, state, token }: { ctx: PageCtx; state: RemindersState; token?: string }) {
  const { t } = ctx;
  return (
    <section className="newsletter-page">
      <h1>{t('storefront.cart_reminders')}</h1>
      {state === 'unsubscribe' ? (
        <form action={ctx.href('/cart/reminders/unsubscribe')} method="post">
          <p>{t('storefront.cart_reminders_unsubscribe_text')}</p>
          <input type="hidden" name="t" value={token} />
          <button type="submit">{t('storefront.cart_reminders_unsubscribe')}</button>
        </form>
      ) : (
        <p role="status">{t(`storefront.cart_reminders_${state}`)}</p>
      )}
    </section>
  );
}
