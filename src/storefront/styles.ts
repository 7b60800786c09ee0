/**
 * The storefront's stylesheet, inlined in each page's <head> (no render-blocking request:
 * the LCP image starts at once). Breakpoints and columns per spec §9: product listings
 * 1/2/3/4 columns (3 from 992 px, 4 from 1200 px), category cards 2/3/4/6; page wrapper
 * max 1650 px. Every image box has its size before the image arrives (CLS).
 */
export const STYLES = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}
a{color:#b34700}
img{max-width:100%;height:auto;display:block}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:4px 8px;z-index:9}
.wrap{max-width:1650px;margin:0 auto;padding:0 16px}
header.top{border-bottom:3px solid #f08c00;background:#fff}
header.top .wrap{display:flex;flex-wrap:wrap;gap:12px;align-items:center;min-height:64px;padding-top:8px;padding-bottom:8px}
.brand{font-weight:700;font-size:1.3rem;text-decoration:none;color:#1f2328;margin-right:auto}
form.search{display:flex;gap:4px}form.search input{min-width:0;width:14rem;padding:6px 8px;border:1px solid #767676;border-radius:4px}
button,.button{background:#b34700;color:#fff;border:0;border-radius:4px;padding:6px 12px;font:inherit;cursor:pointer;text-decoration:none}
nav.langs{display:flex;gap:8px}nav.langs a[aria-current]{font-weight:700;color:#1f2328}
form.country{display:flex;gap:4px;align-items:center;font-size:.9rem}form.country select{padding:4px}
nav.cats{background:#fff8f0}nav.cats ul{list-style:none;display:flex;flex-wrap:wrap;gap:4px 16px;margin:0;padding:8px 16px;max-width:1650px;margin:0 auto}
nav.cats a{text-decoration:none;color:#1f2328}
main{padding:16px 0 32px}
h1{font-size:1.8rem;margin:8px 0 16px}
.crumbs{font-size:.9rem;margin:8px 0}.crumbs a{color:#59636e}
.carousel{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;gap:0;border-radius:8px;aspect-ratio:3/2;max-height:480px;background:#f6f8fa}
.carousel .slide{flex:0 0 100%;scroll-snap-align:start;position:relative}
.carousel img{width:100%;height:100%;object-fit:cover}
.carousel .caption{position:absolute;left:16px;bottom:16px;background:rgba(0,0,0,.65);color:#fff;padding:8px 14px;border-radius:4px;font-size:1.2rem;text-decoration:none}
.dots{display:flex;gap:8px;justify-content:center;margin:8px 0}.dots a{color:#59636e}
.grid{display:grid;gap:16px;grid-template-columns:1fr;list-style:none;padding:0;margin:0}
@media (min-width:576px){.grid{grid-template-columns:repeat(2,1fr)}}
@media (min-width:992px){.grid{grid-template-columns:repeat(3,1fr)}}
@media (min-width:1200px){.grid{grid-template-columns:repeat(4,1fr)}}
.cats-grid{grid-template-columns:repeat(2,1fr)}
@media (min-width:768px){.cats-grid{grid-template-columns:repeat(3,1fr)}}
@media (min-width:992px){.cats-grid{grid-template-columns:repeat(4,1fr)}}
@media (min-width:1200px){.cats-grid{grid-template-columns:repeat(6,1fr)}}
.card{border:1px solid #d0d7de;border-radius:8px;padding:12px;display:flex;flex-direction:column;gap:6px;height:100%}
.card a{text-decoration:none;color:#1f2328}.card img{aspect-ratio:1;width:100%;object-fit:contain;background:#f6f8fa}
.card .name{font-weight:600}
.price{font-size:1.2rem;font-weight:700;color:#1f2328}.price s{color:#59636e;font-weight:400;font-size:.9rem;margin-left:6px}
.badge{background:#c92a2a;color:#fff;border-radius:4px;padding:0 6px;font-size:.85rem;margin-left:6px}
.approx{color:#59636e;font-size:.9rem}
.stock{font-size:.9rem}.stock.in{color:#1a7f37}.stock.out{color:#c92a2a}
.listing{display:grid;gap:24px}@media (min-width:992px){.listing{grid-template-columns:240px 1fr}}
form.filters fieldset{border:1px solid #d0d7de;border-radius:6px;margin:0 0 12px}form.filters label{display:block}
form.filters input[type=number]{width:100%;padding:4px}
.pager{display:flex;gap:8px;margin:24px 0;flex-wrap:wrap}.pager a,.pager span{padding:4px 10px;border:1px solid #d0d7de;border-radius:4px}
.pager [aria-current]{background:#b34700;color:#fff}
.product{display:grid;gap:24px}@media (min-width:992px){.product{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}}
.gallery .main{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;aspect-ratio:1;background:#f6f8fa;border-radius:8px}
.gallery .main figure{flex:0 0 100%;margin:0;scroll-snap-align:start}.gallery .main img{width:100%;height:100%;object-fit:contain}
.gallery .thumbs{display:flex;gap:8px;margin-top:8px;flex-wrap:wrap}.gallery .thumbs img{width:64px;height:64px;border:1px solid #d0d7de;border-radius:4px}
.blocks{display:grid;grid-template-columns:repeat(12,1fr);gap:16px}.blocks>*{grid-column:span 12}
@media (min-width:768px){${Array.from({ length: 12 }, (_, i) => `.blocks>.w${i + 1}{grid-column:span ${i + 1}}`).join('')}}
.blocks .hero{background:#fff8f0;border-radius:8px;padding:16px 24px}
.stores{list-style:none;padding:0;display:grid;gap:16px}@media (min-width:768px){.stores{grid-template-columns:repeat(2,1fr)}}
.stores li{border:1px solid #d0d7de;border-radius:8px;padding:12px}
footer{border-top:1px solid #d0d7de;padding:16px 0;font-size:.9rem}footer ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:8px 16px}
.cart-button{font-weight:600;text-decoration:none;border:1px solid #b34700;border-radius:4px;padding:5px 10px}
form.add{display:flex;gap:6px;align-items:center;flex-wrap:wrap;margin-top:auto}form.add input{width:5rem;padding:4px}
.notice{background:#fff8f0;border:1px solid #f08c00;border-radius:6px;padding:4px 12px;margin:0 0 16px}
table.cart{width:100%;border-collapse:collapse}table.cart th,table.cart td{text-align:left;padding:8px;border-bottom:1px solid #d0d7de;vertical-align:top}
form.qty{display:inline-flex;gap:4px;margin:0 8px 4px 0}form.qty input{width:4.5rem;padding:4px}
button.link,button.secondary{background:none;color:#b34700;text-decoration:underline;padding:6px 4px}
.totals{max-width:24rem;margin:16px 0 16px auto}.totals div{display:flex;justify-content:space-between;gap:16px}.totals dd{margin:0}.totals .total{font-weight:700;font-size:1.2rem}
form.checkout{display:grid;gap:16px;max-width:48rem}form.checkout fieldset{border:1px solid #d0d7de;border-radius:6px}
.field{display:grid;gap:2px;margin:0 0 10px}.field input,.field select{padding:6px 8px;border:1px solid #767676;border-radius:4px;font:inherit}
.choice{display:block;margin:4px 0}.error{color:#c92a2a;font-size:.9rem}.actions{display:flex;gap:12px;justify-content:flex-end}
dialog.cart-panel{margin:0 0 0 auto;height:100%;max-height:none;width:min(32rem,100%);border:0;padding:16px 20px;overflow:auto}
dialog.cart-panel::backdrop{background:rgba(0,0,0,.35)}dialog.cart-panel .close{float:right;font-size:1.4rem;line-height:1;padding:4px 10px}
footer h2{font-size:1rem;margin:16px 0 8px}form.newsletter{display:flex;flex-wrap:wrap;align-items:center;gap:6px 8px}form.newsletter input,form.notify input{padding:6px 8px;border:1px solid #767676;border-radius:4px;min-width:0}.notify{margin:12px 0;padding:12px;border:1px solid #d0d7de;border-radius:8px}
.chat{position:fixed;z-index:10;top:0;right:0;bottom:0;width:min(24rem,100vw);background:#fff;border-left:1px solid #d0d7de;box-shadow:-4px 0 16px #0002;padding:16px;display:flex;flex-direction:column;gap:8px}.chat[hidden]{display:none}
.chat-log{flex:1;overflow:auto}.chat-log .q{font-weight:600}.chat-log .a{white-space:pre-wrap}.chat-form{display:flex;flex-wrap:wrap;gap:6px}.chat-form input{flex:1;min-width:0;padding:6px 8px;border:1px solid #767676;border-radius:4px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
`;
