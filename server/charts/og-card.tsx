// The 1200x630 sharing card as a satori element tree: brand bar, title, description, footer and the chart if any.

/** What a page's sharing card says (og-content.ts writes it, the drawing thread draws it). */
export interface CardContent {
  eyebrow: string;
  title: string;
  description: string;
  /** A PNG data URL of the chart, for dataset pages and chart views. */
  chart?: string;
  footer: string;
}

export const CARD_SIZE = { width: 1200, height: 630 } as const;

/** Size of the chart drawn on a card (it is rasterised at twice this size and shown at this size). */
export const CARD_CHART = { width: 620, height: 470 } as const;

const brand = '#39B54A';
const ink = '#0f172a';
const muted = '#475569';

function LogoMark() {
  return (
    <div
      style={{
        display: 'flex',
        width: 44,
        height: 44,
        borderRadius: 9,
        background: brand,
        alignItems: 'flex-end',
        padding: '8px 9px',
        gap: 4,
      }}
    >
      <div style={{ width: 6, height: 12, background: '#fff', borderRadius: 1.5 }} />
      <div style={{ width: 6, height: 21, background: '#fff', borderRadius: 1.5 }} />
      <div style={{ width: 6, height: 28, background: '#fff', borderRadius: 1.5 }} />
    </div>
  );
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function OgCard({ card, siteName, host }: { card: CardContent; siteName: string; host: string }) {
  const withChart = Boolean(card.chart);
  return (
    <div
      style={{
        display: 'flex',
        width: CARD_SIZE.width,
        height: CARD_SIZE.height,
        background: '#ffffff',
        fontFamily: 'Inter',
        color: ink,
      }}
    >
      <div style={{ display: 'flex', width: 14, height: '100%', background: brand }} />
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          flex: 1,
          padding: '48px 52px 40px 48px',
          justifyContent: 'space-between',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
          <LogoMark />
          <div style={{ fontSize: 28, fontWeight: 600 }}>{siteName}</div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 18, marginTop: 24 }}>
          <div
            style={{ fontSize: 22, fontWeight: 600, color: '#2a8a38', textTransform: 'uppercase', letterSpacing: 1 }}
          >
            {clip(card.eyebrow, 48)}
          </div>
          <div style={{ fontSize: withChart ? 44 : 60, fontWeight: 700, lineHeight: 1.12 }}>
            {clip(card.title, withChart ? 90 : 110)}
          </div>
          <div style={{ fontSize: withChart ? 24 : 30, color: muted, lineHeight: 1.35 }}>
            {clip(card.description, withChart ? 150 : 200)}
          </div>
        </div>
        <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 20, color: muted, marginTop: 24 }}>
          <div>{clip(card.footer, 60)}</div>
          {!withChart && <div>{host}</div>}
        </div>
      </div>
      {card.chart && (
        <div style={{ display: 'flex', alignItems: 'center', paddingRight: 40 }}>
          <img
            src={card.chart}
            width={CARD_CHART.width * 0.86}
            height={CARD_CHART.height * 0.86}
            style={{ borderRadius: 12, border: '1px solid #e2e8f0' }}
          />
        </div>
      )}
    </div>
  );
}
