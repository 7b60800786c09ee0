/**
 * The storefront's only script: small enhancements of pages that work without it (no React
 * in the browser: react-dom/client alone is ~67 KiB gzipped, over the 60 KiB page budget).
 * - carousel: advances every 6 s (not with reduced motion, nor while hovered or focused);
 * - gallery: a thumbnail scrolls the picture strip instead of jumping the page;
 * - the delivery-country choice submits itself when changed;
 * - checkout: a changed country or method recalculates at once (the form's Recalculate button);
 * - the cart as a sidebar: the header's cart button and the add-to-cart forms show the cart
 *   page's content in a side panel without leaving the page (the same POST, then the page
 *   it redirects to; without script they simply go there).
 * - the shoppers' chat sidebar (shown only with a chat engine) asks and shows answers.
 */
const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;

function slideTo(strip: HTMLElement, index: number): void {
  strip.scrollTo({ left: index * strip.clientWidth, behavior: reduced ? 'auto' : 'smooth' });
}

for (const strip of document.querySelectorAll<HTMLElement>('[data-island="carousel"]')) {
  const count = strip.children.length;
  if (count < 2 || reduced) continue;
  let held = false;
  for (const [on, value] of [
    ['mouseenter', true],
    ['mouseleave', false],
    ['focusin', true],
    ['focusout', false],
  ] as const)
    strip.addEventListener(on, () => (held = value));
  setInterval(() => {
    if (held || document.hidden) return;
    const i = Math.round(strip.scrollLeft / strip.clientWidth);
    slideTo(strip, (i + 1) % count);
  }, 6000);
}

for (const link of document.querySelectorAll<HTMLAnchorElement>('.gallery .thumbs a, .dots a')) {
  link.addEventListener('click', (e) => {
    const target = document.getElementById(link.hash.slice(1));
    const strip = target?.parentElement;
    if (!target || !strip) return;
    e.preventDefault();
    slideTo(strip, [...strip.children].indexOf(target));
  });
}

for (const select of document.querySelectorAll<HTMLSelectElement>('form.country select')) {
  select.addEventListener('change', () => select.form?.requestSubmit());
}

const recalc = document.querySelector<HTMLButtonElement>('form.checkout button[value="recalculate"]');
if (recalc) {
  for (const el of recalc.form!.querySelectorAll<HTMLInputElement | HTMLSelectElement>('select[name="country"], input[name="dm"], input[name="pm"]')) {
    el.addEventListener('change', () => recalc.form!.requestSubmit(recalc));
  }
}

/** The side panel holding the cart page's <main>; its own forms post as on the cart page. */
function showCart(html: string): void {
  // Only <main> goes through a template (inert: the page's inline stylesheet is not parsed again under its CSP).
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  const button = document.querySelector<HTMLAnchorElement>('.cart-button');
  if (start < 0 || end < 0 || !button) return;
  const tpl = document.createElement('template');
  tpl.innerHTML = html.slice(start, end + 7);
  const main = tpl.content.querySelector('main');
  if (!main) return;
  const head = /<a class="cart-button"[^>]*data-cart-count="(\d+)"[^>]*>([^<]*)<\/a>/.exec(html);
  if (head) {
    button.dataset.cartCount = head[1];
    tpl.innerHTML = head[2]!;
    button.textContent = tpl.content.textContent;
  }
  let panel = document.getElementById('cart-panel') as HTMLDialogElement | null;
  if (!panel) {
    panel = document.createElement('dialog');
    panel.id = 'cart-panel';
    panel.className = 'cart-panel';
    panel.setAttribute('aria-label', button.textContent ?? '');
    document.body.append(panel);
    panel.addEventListener('click', (e) => e.target === panel && panel!.close());
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'close';
  close.textContent = '×';
  close.setAttribute('aria-label', button.dataset.close ?? '');
  close.addEventListener('click', () => panel.close());
  panel.replaceChildren(close, ...main.childNodes);
  if (!panel.open) panel.showModal();
}

const cartButton = document.querySelector<HTMLAnchorElement>('.cart-button');
cartButton?.addEventListener('click', (e) => {
  if (e.ctrlKey || e.metaKey || e.shiftKey) return;
  e.preventDefault();
  void fetch(cartButton.href, { credentials: 'same-origin' })
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
    .then(showCart)
    .catch(() => (location.href = cartButton.href));
});

for (const form of document.querySelectorAll<HTMLFormElement>('form.add')) {
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void fetch(form.action, { method: 'POST', body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>), credentials: 'same-origin' })
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then(showCart)
      .catch(() => form.submit());
  });
}

// The shoppers' chat (Ask AI): the header button opens the sidebar; a question is posted
// (same origin) and the answer is written as text, the shop's matching products as links.
const chat = document.querySelector<HTMLElement>('[data-island="chat"]');
const chatButton = document.querySelector<HTMLButtonElement>('[data-island="chat-open"]');
if (chat && chatButton) {
  const log = chat.querySelector<HTMLElement>('.chat-log')!;
  const form = chat.querySelector<HTMLFormElement>('form')!;
  const show = (open: boolean) => {
    chat.hidden = !open;
    chatButton.setAttribute('aria-expanded', String(open));
    if (open) form.querySelector('input')?.focus();
    else chatButton.focus();
  };
  chatButton.hidden = false;
  chatButton.addEventListener('click', () => show(chat.hidden !== false)); // `hidden` may be 'until-found' too: hidden all the same
  chat.querySelector('[data-island="chat-close"]')?.addEventListener('click', () => show(false));
  const say = (who: string, text: string): HTMLElement => {
    const p = log.appendChild(document.createElement('p'));
    p.className = who;
    p.textContent = text;
    return p;
  };
  // What fails is said in the answer's place (the catch below): nothing waits for the promise.
  const send = async (e: SubmitEvent) => {
    e.preventDefault();
    const q = new FormData(form).get('q');
    if (typeof q !== 'string' || !q.trim()) return;
    say('q', q);
    form.reset();
    const answer = say('a', chat.dataset.busy ?? '');
    try {
      const res = await fetch(chat.dataset.url!, { method: 'POST', body: new URLSearchParams({ q }) });
      if (!res.ok) throw new Error(String(res.status));
      const data = (await res.json()) as { text: string; products: { name: string; price: string; href: string }[] };
      answer.textContent = data.text;
      if (data.products.length) {
        const list = log.appendChild(document.createElement('ul'));
        for (const p of data.products) {
          if (!p.href.startsWith('/') || p.href.startsWith('//')) continue; // the shop's own pages only
          const a = list.appendChild(document.createElement('li')).appendChild(document.createElement('a'));
          a.href = p.href;
          a.textContent = `${p.name} – ${p.price}`;
        }
      }
    } catch (err) {
      answer.textContent = (err instanceof Error && err.message === '429' ? chat.dataset.limited : chat.dataset.error) ?? '';
    }
    log.scrollTop = log.scrollHeight;
  };
  form.addEventListener('submit', (e) => void send(e));
}
