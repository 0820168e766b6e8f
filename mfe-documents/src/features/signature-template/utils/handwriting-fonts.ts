import type { SignatureFont } from '@formwerk/contracts';

export type HandwritingFont = { id: SignatureFont; family: string; label: string; url: string };

// The fonts are part of this remote's build (@fontsource packages, OFL), never asked of a font service:
// no third party learns who signs. Only the Latin subset (German and English, with their accents).
// They are added as FontFace objects from their bytes, which `connect-src` lets the page fetch from the
// remote's origin, rather than by an @font-face rule, which `font-src 'self'` (the shell's policy) would
// refuse from another origin.
export const handwritingFonts: HandwritingFont[] = [
  {
    id: 'dancing-script',
    family: 'Formwerk Dancing Script',
    label: 'Dancing Script',
    url: new URL('@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff2', import.meta.url).href,
  },
  {
    id: 'caveat',
    family: 'Formwerk Caveat',
    label: 'Caveat',
    url: new URL('@fontsource/caveat/files/caveat-latin-400-normal.woff2', import.meta.url).href,
  },
  {
    id: 'great-vibes',
    family: 'Formwerk Great Vibes',
    label: 'Great Vibes',
    url: new URL('@fontsource/great-vibes/files/great-vibes-latin-400-normal.woff2', import.meta.url).href,
  },
];

/** Should a font not load (offline, an old browser), the system's handwriting face stands in. */
export const fallbackFamily = 'cursive';

export const fontFamilyOf = (font: SignatureFont) =>
  `"${handwritingFonts.find((entry) => entry.id === font)?.family ?? ''}", ${fallbackFamily}`;

let loading: Promise<void> | undefined;

/** Loads the three fonts once per page; settles (never rejects) when they are ready or failed. */
export function loadHandwritingFonts(): Promise<void> {
  if (typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) {
    return Promise.resolve();
  }
  loading ??= Promise.all(
    handwritingFonts.map(async ({ family, url }) => {
      try {
        const response = await fetch(url);
        if (!response.ok) return;
        const face = new FontFace(family, await response.arrayBuffer());
        document.fonts.add(await face.load());
      } catch {
        // The fallback family shows instead.
      }
    }),
  ).then(() => undefined);
  return loading;
}
