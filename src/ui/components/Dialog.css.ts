import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 60,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.md,
  background: vars.color.overlay,
  overflowY: 'auto',
});

export const panel = style({
  position: 'relative',
  maxWidth: '100%',
  background: vars.color.white,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  padding: vars.space.lg,
  selectors: { '&:focus': { outline: 'none' } },
});
