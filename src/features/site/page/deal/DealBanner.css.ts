import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../../ui/theme.css';

export const band = style({
  background: `linear-gradient(135deg, ${vars.color.brownDark}, ${vars.color.brown})`,
  color: vars.color.white,
  paddingBlock: vars.space.xxl,
});

export const inner = style({
  maxWidth: vars.width.page,
  marginInline: 'auto',
  paddingInline: vars.space.md,
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.lg,
  textAlign: 'center',
});

export const heading = style({
  fontSize: '2rem',
  letterSpacing: '0.04em',
  color: vars.color.goldLight,
  '@media': { [breakpoints.md]: { fontSize: '2.5rem' } },
});

export const tagline = style({ fontSize: '1.125rem', maxWidth: '36em' });

export const cards = style({
  display: 'grid',
  gap: vars.space.lg,
  width: '100%',
  maxWidth: vars.width.narrow,
  gridTemplateColumns: '1fr',
  '@media': { [breakpoints.md]: { gridTemplateColumns: '1fr 1fr' } },
});

export const card = style({
  position: 'relative',
  display: 'grid',
  alignContent: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  borderRadius: vars.radius.lg,
  background: vars.color.white,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
});

export const cardFeatured = style([card, { border: `3px solid ${vars.color.goldLight}` }]);

export const ribbon = style({
  justifySelf: 'center',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.full,
  background: vars.color.gold,
  color: vars.color.white,
  fontWeight: 700,
  fontSize: '0.875rem',
});

export const cardTitle = style({ fontSize: '1.25rem', color: vars.color.brownDark });
export const price = style({ fontSize: '2.5rem', fontWeight: 800, color: vars.color.brown, lineHeight: 1.1 });
export const regular = style({ fontSize: '1.25rem', fontWeight: 500, color: vars.color.muted });
export const note = style({ color: vars.color.muted });
export const saving = style({ fontWeight: 700, color: vars.color.success });
export const caption = style({ fontSize: '0.9375rem', color: vars.color.goldLight });
