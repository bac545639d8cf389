// The SVG root of every chart: fixed size, background, font stack, accessible title and description.
import type { ReactNode } from 'react';
import { FONT_FAMILY, FONT_SIZE, themeColors, type Theme } from './palette';
import { roundPx } from './pixels';

/** The SVG root's attributes every view shares: sane size and theme, and the element id derived from its props. */
export interface ChartBox {
  id: string;
  width: number;
  height: number;
  theme: Theme;
}

export interface ChartFrameProps extends ChartBox {
  title: string;
  description: string;
  children?: ReactNode;
  /**
   * The drawing holds links (a map's regions): a group, not an image, whose content assistive technologies would skip
   * (an image's children are presentational: WCAG 4.1.2, axe's nested-interactive; decision 207).
   */
  interactive?: boolean;
}

/** Non-negative whole-pixel size, so a bad width never reaches an attribute as NaN. */
export function safeSize(value: number, fallback: number): number {
  return Number.isFinite(value) && value > 0 ? Math.round(value) : fallback;
}

export function ChartFrame({ id, width, height, theme, title, description, children, interactive }: ChartFrameProps) {
  const colors = themeColors(theme);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role={interactive ? 'group' : 'img'}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      fontFamily={FONT_FAMILY}
      data-theme={theme}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <rect width={width} height={height} fill={colors.background} />
      {children}
    </svg>
  );
}

export interface ChartMessageProps extends ChartBox {
  title: string;
  message: string;
}

/** A chart that has nothing to draw: the specification's message, centred. */
export function ChartMessage({ id, width, height, theme, title, message }: ChartMessageProps) {
  const colors = themeColors(theme);
  return (
    <ChartFrame id={id} width={width} height={height} theme={theme} title={title} description={message}>
      <text
        x={roundPx(width / 2)}
        y={roundPx(height / 2)}
        textAnchor="middle"
        dy="0.35em"
        fontSize={FONT_SIZE.message}
        fill={colors.mutedText}
      >
        {message}
      </text>
    </ChartFrame>
  );
}
