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
  close.addEventListener('click', () => panel!.close());
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
