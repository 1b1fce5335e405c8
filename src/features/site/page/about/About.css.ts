import { style } from '@vanilla-extract/css';
import { heading as sectionHeading } from '../../../../ui/landing/layout.css';
import { breakpoints, vars } from '../../../../ui/theme.css';

export const grid = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
  '@media': { [breakpoints.md]: { gridTemplateColumns: '5fr 6fr', gap: vars.space.xxl } },
});

export const media = style({ position: 'relative' });

export const photo = style({
  width: '100%',
  aspectRatio: '4 / 5',
  objectFit: 'cover',
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
});

export const badge = style({
  position: 'absolute',
  left: vars.space.md,
  bottom: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  background: vars.color.gold,
  color: vars.color.white,
  fontWeight: 700,
  boxShadow: vars.shadow.card,
});

export const text = style({ display: 'grid', gap: vars.space.md });
export const heading = style([sectionHeading, { textAlign: 'left' }]);
export const paragraph = style({ color: vars.color.muted, fontSize: '1.0625rem' });

export const tiles = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  margin: `${vars.space.sm} 0 0`,
});

export const tile = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.cream,
  border: `1px solid ${vars.color.border}`,
});

export const tileIcon = style({ flexShrink: 0, color: vars.color.gold });
export const tileLabel = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: 700,
  color: vars.color.brownDark,
});
export const tileValue = style({ margin: 0, color: vars.color.muted, fontSize: '0.9375rem' });
