import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const page = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
});

export const card = style({
  maxWidth: '28rem',
  width: '100%',
  background: vars.color.white,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  padding: vars.space.xl,
  display: 'grid',
  gap: vars.space.md,
});

export const heading = style({ fontSize: '1.5rem', color: vars.color.brownDark });
export const text = style({ color: vars.color.muted });
export const link = style({ color: vars.color.gold, fontWeight: 600 });
