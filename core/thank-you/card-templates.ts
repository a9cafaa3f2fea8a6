import type { CardTemplate } from '../model/thank-you-note';

export interface CardTemplateStyle {
  name: string;
  primary: string;
  accent: string;
  background: string;
}

/** The four templates and their colours (docs/product.md#constants-and-limits). */
export const CARD_TEMPLATE_STYLES: Record<CardTemplate, CardTemplateStyle> = {
  traditional: { name: 'Traditional Blue & Gold', primary: '#1e3a8a', accent: '#975a16', background: '#fdf8ec' },
  modern: { name: 'Modern Purple & Pink', primary: '#6d28d9', accent: '#be185d', background: '#fdf2f8' },
  nature: { name: 'Nature Green & Teal', primary: '#166534', accent: '#0f766e', background: '#effaf5' },
  warm: { name: 'Warm Orange & Red', primary: '#c2410c', accent: '#b91c1c', background: '#fff7ed' },
};

export const IMAGE_WIDTHS = { small: 160, medium: 260, large: 520 } as const;
