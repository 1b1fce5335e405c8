import { style } from '@vanilla-extract/css';
import { cardGrid } from '../../../../ui/landing/card-grid';
import { bareList } from '../../../../ui/landing/layout.css';
import { vars } from '../../../../ui/theme.css';

export const list = style([bareList, cardGrid(2, 2)]);

export const parent = style({
  display: 'grid',
  alignContent: 'start',
  overflow: 'hidden',
  borderRadius: vars.radius.lg,
  background: vars.color.white,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
});

export const photo = style({ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover' });

export const body = style({ display: 'grid', gap: vars.space.xs, padding: vars.space.lg });
export const role = style({
  fontWeight: 700,
  color: vars.color.brown,
  textTransform: 'uppercase',
  fontSize: '0.875rem',
});
export const name = style({ fontSize: '1.5rem', color: vars.color.brownDark, overflowWrap: 'anywhere' });
export const breed = style({ color: vars.color.muted, overflowWrap: 'anywhere' });
export const health = style([bareList, { display: 'grid', gap: vars.space.xs, marginTop: vars.space.sm }]);
