import { describe, expect, it } from 'vitest';
import {
  CDN_QUALITY,
  IMAGE_PRESETS,
  OFFERED_IMAGE_QUALITIES,
  OFFERED_IMAGE_SIZES,
  PLACEHOLDER_IMAGE,
  cdnImageUrl,
  isOfferedImageSize,
  flagCodeOf,
  flagUrl,
  imageSrc,
  imageSrcSet,
  imageUrl,
  type ImagePresetName,
} from '../../src/core/images.ts';

describe('image presets (spec §3)', () => {
  it('has the eight presets with main size and quality, all webp', () => {
    const main = Object.fromEntries(Object.entries(IMAGE_PRESETS).map(([k, p]) => [k, [p.width, p.height, p.quality, p.format]]));
    expect(main).toEqual({
      categoryCard: [500, 500, 70, 'webp'],
      productCard: [500, 500, 70, 'webp'],
      productThumb: [100, 100, 80, 'webp'],
      productThumbSmall: [30, 30, 80, 'webp'],
      productThumbLarge: [300, 300, 80, 'webp'],
      productDetails: [850, 850, 70, 'webp'],
      cartProductCard: [300, 300, 70, 'webp'],
      banner: [1200, 800, 80, 'webp'],
    });
  });

  it('has the other sizes of the spec', () => {
    const widths = (n: ImagePresetName) => IMAGE_PRESETS[n].sizes.map((s) => s.width);
    expect(widths('categoryCard')).toEqual([200, 300, 400, 500]);
    expect(widths('productCard')).toEqual([300, 400, 500, 850]);
    expect(widths('productThumb')).toEqual([100, 200, 300]);
    expect(widths('productThumbSmall')).toEqual([]);
    expect(widths('productThumbLarge')).toEqual([]);
    expect(widths('productDetails')).toEqual([300, 400, 500, 850]);
    expect(widths('cartProductCard')).toEqual([100, 200, 300, 400, 500]);
    expect(IMAGE_PRESETS.banner.sizes).toEqual([
      { width: 576, height: 384 },
      { width: 768, height: 512 },
      { width: 992, height: 661 },
      { width: 1200, height: 800 },
    ]);
  });
});

describe('imageUrl', () => {
  it('adds width, height, quality and format=webp', () => {
    expect(imageUrl('https://x.test/a.jpg', 'productCard')).toBe('https://x.test/a.jpg?width=500&height=500&quality=70&format=webp');
    expect(imageUrl('/img/b.png', 'banner')).toBe('/img/b.png?width=1200&height=800&quality=80&format=webp');
    expect(imageUrl('/img/b.png', 'productThumb', { width: 200, height: 200 })).toBe('/img/b.png?width=200&height=200&quality=80&format=webp');
  });

  it('leaves a URL that already has a query as it is', () => {
    expect(imageUrl('https://x.test/a.jpg?v=2', 'productCard')).toBe('https://x.test/a.jpg?v=2');
  });

  it('puts the query before a fragment', () => {
    expect(imageUrl('/a.jpg#top', 'productThumbSmall')).toBe('/a.jpg?width=30&height=30&quality=80&format=webp#top');
  });

  it('no URL → the placeholder', () => {
    expect(imageUrl('', 'productCard')).toBe(PLACEHOLDER_IMAGE);
    expect(imageUrl(null, 'productCard')).toBe('/download.svg');
    expect(imageUrl(undefined, 'productCard')).toBe('/download.svg');
  });
});

describe('imageSrcSet', () => {
  it('lists the other sizes with their widths', () => {
    expect(imageSrcSet('/a.jpg', 'productThumb')).toBe(
      '/a.jpg?width=100&height=100&quality=80&format=webp 100w, /a.jpg?width=200&height=200&quality=80&format=webp 200w, /a.jpg?width=300&height=300&quality=80&format=webp 300w',
    );
    expect(imageSrcSet('/a.jpg', 'banner').split(', ')[2]).toBe('/a.jpg?width=992&height=661&quality=80&format=webp 992w');
  });

  it('is empty without other sizes, a URL or with a query', () => {
    expect(imageSrcSet('/a.jpg', 'productThumbSmall')).toBe('');
    expect(imageSrcSet('', 'productCard')).toBe('');
    expect(imageSrcSet('/a.jpg?x=1', 'productCard')).toBe('');
  });
});

describe('cdnImageUrl (/p/{imageId}.jpg, quality 80, webp)', () => {
  it('builds the CDN path with size, quality and format', () => {
    expect(CDN_QUALITY).toBe(80);
    expect(cdnImageUrl('https://cdn.example.com', 1234, { width: 30, height: 30 })).toBe('https://cdn.example.com/p/1234.jpg?width=30&height=30&quality=80&format=webp');
    expect(cdnImageUrl('https://cdn.example.com/', 'abc', { width: 300, height: 300 })).toBe('https://cdn.example.com/p/abc.jpg?width=300&height=300&quality=80&format=webp');
  });

  it('accepts a bare host and an empty CDN (same origin)', () => {
    expect(cdnImageUrl('cdn.example.com', 7, { width: 1, height: 2 })).toBe('https://cdn.example.com/p/7.jpg?width=1&height=2&quality=80&format=webp');
    expect(cdnImageUrl('', 7, { width: 1, height: 2 })).toBe('/p/7.jpg?width=1&height=2&quality=80&format=webp');
  });

  it('escapes the id; no id → the placeholder', () => {
    expect(cdnImageUrl('', 'a b/../c', { width: 1, height: 1 })).toBe('/p/a%20b%2F..%2Fc.jpg?width=1&height=1&quality=80&format=webp');
    expect(cdnImageUrl('https://c', null, { width: 1, height: 1 })).toBe(PLACEHOLDER_IMAGE);
    expect(cdnImageUrl('https://c', ' ', { width: 1, height: 1 })).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('imageSrc (a cell value → its URL)', () => {
  const cdn = 'https://cdn.example.com';

  it('ids go to the CDN at the preset size', () => {
    expect(imageSrc(42, cdn, 'productThumbSmall')).toBe('https://cdn.example.com/p/42.jpg?width=30&height=30&quality=80&format=webp');
    expect(imageSrc('42', cdn, 'productThumbLarge')).toBe('https://cdn.example.com/p/42.jpg?width=300&height=300&quality=80&format=webp');
  });

  it('URLs get the preset query', () => {
    expect(imageSrc('https://img.test/a.jpg', cdn, 'productThumbLarge')).toBe('https://img.test/a.jpg?width=300&height=300&quality=80&format=webp');
    expect(imageSrc('/uploads/a.jpg', cdn, 'productThumb')).toBe('/uploads/a.jpg?width=100&height=100&quality=80&format=webp');
  });

  it('unsafe schemes and empty values → the placeholder', () => {
    expect(imageSrc('javascript:alert(1)', cdn, 'productThumb')).toBe(PLACEHOLDER_IMAGE);
    expect(imageSrc('data:image/png;base64,xx', cdn, 'productThumb')).toBe(PLACEHOLDER_IMAGE);
    expect(imageSrc('', cdn, 'productThumb')).toBe(PLACEHOLDER_IMAGE);
    expect(imageSrc(null, cdn, 'productThumb')).toBe(PLACEHOLDER_IMAGE);
    expect(imageSrc(Number.NaN, cdn, 'productThumb')).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('flags (our own server by default; a flag service as a setting)', () => {
  it("points at this server's SVGs by default: no third-party host in the client", () => {
    expect(flagUrl('hu')).toBe('/flags/hu.svg');
    expect(flagUrl('GB')).toBe('/flags/gb.svg');
    expect(flagUrl('gb-eng')).toBe('/flags/gb-eng.svg');
  });
  it('fills a configured flag service template', () => {
    expect(flagUrl('hu', 'https://flagcdn.com/w20/{code}.png')).toBe('https://flagcdn.com/w20/hu.png');
    expect(flagUrl('gb-eng', 'https://flags.example/{code}/{code}.svg')).toBe('https://flags.example/gb-eng/gb-eng.svg');
  });

  it('refuses what is not a flag code', () => {
    expect(flagUrl('')).toBeNull();
    expect(flagUrl(null)).toBeNull();
    expect(flagUrl('../x')).toBeNull();
    expect(flagUrl('hun')).toBeNull();
  });

  it("takes the languages list's flag code, else a known one, else the language code", () => {
    expect(flagCodeOf('en', 'gb')).toBe('gb');
    expect(flagCodeOf('en')).toBe('gb');
    expect(flagCodeOf('cs')).toBe('cz');
    expect(flagCodeOf('de')).toBe('de');
    expect(flagCodeOf('HU', '')).toBe('hu');
  });
});

describe('what the image server offers (GET /p/{imageId}.jpg)', () => {
  it('offers every size and quality a preset or srcset asks for, and nothing else', () => {
    expect(OFFERED_IMAGE_SIZES.map((s) => `${s.width}x${s.height}`)).toEqual(['30x30', '100x100', '200x200', '300x300', '400x400', '500x500', '576x384', '768x512', '850x850', '992x661', '1200x800']);
    expect(OFFERED_IMAGE_QUALITIES).toEqual([70, 80]);
    expect(isOfferedImageSize(301, 301)).toBe(false);
    expect(isOfferedImageSize(300, 400)).toBe(false);
  });

  it('every URL the browser builds for a CDN image asks for an offered variant', () => {
    for (const name of Object.keys(IMAGE_PRESETS) as ImagePresetName[]) {
      const urls = [
        imageSrc(12, '', name),
        ...imageSrcSet('/p/12-0123456789abcdef.jpg', name)
          .split(', ')
          .filter(Boolean)
          .map((x) => x.split(' ')[0]!),
      ];
      for (const u of urls) {
        const q = new URL(u, 'http://x').searchParams;
        expect(isOfferedImageSize(Number(q.get('width')), Number(q.get('height'))), `${name} ${u}`).toBe(true);
        expect(OFFERED_IMAGE_QUALITIES, `${name} ${u}`).toContain(Number(q.get('quality')));
        expect(q.get('format')).toBe('webp');
      }
    }
  });
});
