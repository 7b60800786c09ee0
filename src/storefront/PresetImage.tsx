/** A picture at one of the spec's presets: width and height always set (no layout shift), the preset's srcset. */
export interface PresetImageData {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/**
 * `lcp`: the page's largest picture, fetched first; `eager`: above the fold; `lazy`: the rest.
 * `sizes` says how wide the picture shows at each breakpoint, so the browser picks from the srcset.
 */
export function PresetImage({ image, sizes, alt, load }: { image: PresetImageData; sizes: string; alt: string; load: 'lcp' | 'eager' | 'lazy' }) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet || undefined}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      fetchPriority={load === 'lcp' ? 'high' : undefined}
      loading={load === 'lazy' ? 'lazy' : 'eager'}
      decoding={load === 'lcp' ? undefined : 'async'}
    />
  );
}
