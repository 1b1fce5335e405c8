import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../../ui/theme.css';

export const footer = style({
  background: vars.color.brownDark,
  color: vars.color.creamDark,
});

export const grid = style({
  maxWidth: vars.width.page,
  marginInline: 'auto',
  padding: `${vars.space.xxl} ${vars.space.md}`,
  display: 'grid',
  gap: vars.space.xl,
  '@media': { [breakpoints.md]: { gridTemplateColumns: '2fr 1fr 1fr', paddingInline: vars.space.lg } },
});

export const brandBlock = style({ display: 'grid', gap: vars.space.sm, alignContent: 'start' });
export const brand = style({ fontFamily: vars.font.heading, fontSize: '1.5rem', fontWeight: 700 });
export const first = style({ color: vars.color.white });
export const second = style({ color: vars.color.goldLight });

export const heading = style({ fontSize: '1.125rem', color: vars.color.white, marginBottom: vars.space.sm });

export const links = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });

/** The spec calls these buttons: in-page anchors that look like text buttons. */
export const link = style({
  display: 'inline-block',
  paddingBlock: vars.space.xs,
  color: vars.color.creamDark,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.goldLight, textDecoration: 'underline' } },
});

export const bottom = style({
  maxWidth: vars.width.page,
  marginInline: 'auto',
  padding: `${vars.space.lg} ${vars.space.md}`,
  borderTop: `1px solid ${vars.color.brown}`,
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  fontSize: '0.875rem',
});

export const admin = style({ color: vars.color.creamDark, fontSize: '0.8125rem' });
