import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 60,
  display: 'grid',
  placeItems: 'center',
  // One column no wider than the screen: a panel's widest content (a file input, a row of
  // buttons) wraps or shrinks instead of widening the dialog past a 360 px phone.
  gridTemplateColumns: 'minmax(0, 1fr)',
  padding: vars.space.md,
  background: vars.color.overlay,
  overflowY: 'auto',
});

export const panel = style({
  position: 'relative',
  maxWidth: '100%',
  minWidth: 0,
  background: vars.color.white,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  padding: vars.space.lg,
  selectors: { '&:focus': { outline: 'none' } },
});
