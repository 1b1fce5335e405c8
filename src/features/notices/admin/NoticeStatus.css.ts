import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const section = style({ display: 'grid', gap: vars.space.xs });

export const heading = style({ fontSize: '1rem', color: vars.color.muted, fontFamily: vars.font.body });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });

export const item = style({ overflowWrap: 'anywhere' });

export const state = styleVariants({
  sent: { color: vars.color.success, fontWeight: 600 },
  waiting: { color: vars.color.gold, fontWeight: 600 },
  failed: { color: vars.color.danger, fontWeight: 600 },
  skipped: { color: vars.color.muted, fontWeight: 600 },
});

export const answer = style({ color: vars.color.muted, fontSize: '0.85rem' });
