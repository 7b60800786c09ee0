/**
 * sharp (libvips), loaded on first use: a server that never handles a picture never loads it
 * (about half a second of every start, and of every test server process).
 */
import type Sharp from 'sharp';

let loaded: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  return (loaded ??= import('sharp').then(({ default: sharp }) => {
    // The disk cache is ours (render.ts); libvips' own operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  }));
}
