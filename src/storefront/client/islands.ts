/**
 * The storefront's only script: small enhancements of pages that work without it (no React
 * in the browser: react-dom/client alone is ~67 KiB gzipped, over the 60 KiB page budget).
 * - carousel: advances every 6 s (not with reduced motion, nor while hovered or focused);
 * - gallery: a thumbnail scrolls the picture strip instead of jumping the page;
 * - the delivery-country choice submits itself when changed;
 * - checkout: a changed country or method recalculates at once (the form's Recalculate button).
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
