import type { PageCtx } from './context.ts';

/**
 * The shoppers' chat sidebar (Ask AI): hidden until the islands script opens it (it needs
 * script: the answer comes by fetch). Its texts for the script are data attributes.
 */
export function ChatPanel({ ctx }: { ctx: PageCtx }) {
  const { t } = ctx;
  return (
    <aside
      id="chat"
      className="chat"
      aria-labelledby="chat-title"
      hidden
      data-island="chat"
      data-url={ctx.href('/ask')}
      data-error={t('storefront.chat_error')}
      data-limited={t('storefront.chat_limited')}
      data-busy={t('storefront.chat_busy')}
    >
      <h2 id="chat-title">{t('storefront.chat_title')}</h2>
      <p>{t('storefront.chat_intro')}</p>
      <div className="chat-log" aria-live="polite" />
      <form className="chat-form">
        <label htmlFor="chat-q">{t('storefront.chat_question')}</label>
        <input id="chat-q" name="q" type="text" required maxLength={500} autoComplete="off" />
        <button type="submit">{t('storefront.chat_send')}</button>
      </form>
      <button type="button" className="chat-close" data-island="chat-close">
        {t('storefront.chat_close')}
      </button>
    </aside>
  );
}
