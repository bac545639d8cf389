// A country's flag as an SVG image served from our own assets (flag-icons), never hot-linked.

/**
 * The flags of the countries the product names (core/geo) and of the EU, by ISO 3166 alpha-2 code. Vite copies
 * each file into the build with a hashed name; only these are bundled, not the package's 270.
 */
const files = import.meta.glob<string>(
  '/node_modules/flag-icons/flags/4x3/{al,at,ba,be,bg,by,ch,cy,cz,de,dk,ee,gr,es,fi,fr,ge,hr,hu,ie,is,it,li,lt,lu,lv,md,me,mk,mt,nl,no,pl,pt,ro,rs,se,si,sk,tr,ua,gb,xk,us,jp,ca,cn,ru,au,br,in,kr,mx,za,ar,nz,eu}.svg',
  { query: '?url', import: 'default', eager: true },
);

const urlByIso = new Map(
  Object.entries(files).map(([file, url]) => [/([a-z]{2})\.svg$/.exec(file)?.[1] ?? '', url] as const),
);

/** Eurostat writes Greece EL and the United Kingdom UK; the EU aggregates share the EU flag. */
function isoOf(eurostatCode: string): string {
  if (eurostatCode === 'EL') return 'gr';
  if (eurostatCode === 'UK') return 'gb';
  if (/^(EU|EA)/.test(eurostatCode)) return 'eu';
  return eurostatCode.slice(0, 2).toLowerCase();
}

export function flagUrl(eurostatCode: string): string | null {
  return urlByIso.get(isoOf(eurostatCode)) ?? null;
}

export interface CountryFlagProps {
  /** Eurostat geo code: DE, EL, UK, XK, EU27_2020 … */
  code: string;
  /** Height in pixels; the flag is 4:3. */
  size?: number;
  className?: string;
}

/** Decorative: the country's name is always written next to it. */
export function CountryFlag({ code, size = 18, className }: CountryFlagProps) {
  const url = flagUrl(code);
  if (!url) return null;
  return (
    <img
      src={url}
      alt=""
      width={Math.round((size * 4) / 3)}
      height={size}
      loading="lazy"
      decoding="async"
      className={`inline-block shrink-0 rounded-[2px] object-cover shadow-[0_0_0_1px_rgba(15,23,42,0.15)] ${className ?? ''}`}
    />
  );
}
