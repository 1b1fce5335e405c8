import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../ui/theme.css';

/** One card, as narrow as the intros: her words wrap at 360 px without pushing the page wider. */
export const card = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  maxWidth: vars.width.narrow,
  marginInline: 'auto',
  marginTop: vars.space.xl,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.cream,
  border: `1px solid ${vars.color.border}`,
  textAlign: 'center',
  overflowWrap: 'anywhere',
  '@media': { [breakpoints.md]: { padding: vars.space.xl } },
});

export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: `${vars.space.sm} ${vars.space.xl}`,
  margin: 0,
});

export const fact = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 });

export const label = style({
  fontWeight: 700,
  color: vars.color.brown,
  textTransform: 'uppercase',
  fontSize: '0.875rem',
});

export const value = style({ margin: 0, fontSize: '1.25rem', color: vars.color.brownDark });

/** A single line break she typed stays one. */
export const paragraph = style({ color: vars.color.muted, whiteSpace: 'pre-line' });

/** The litter's name, heading its card (issue 27). */
export const name = style({ fontSize: '1.5rem', color: vars.color.brownDark });
