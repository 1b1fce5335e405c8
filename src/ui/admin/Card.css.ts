import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../theme.css';

export const card = style({
  background: vars.color.white,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.lg,
  paddingBottom: vars.space.md,
});

export const title = style({ fontSize: '1.5rem', color: vars.color.brownDark });

export const description = style({ color: vars.color.muted, marginTop: vars.space.xs });

export const content = style({
  padding: `0 ${vars.space.md} ${vars.space.lg}`,
  '@media': { [breakpoints.md]: { padding: `0 ${vars.space.lg} ${vars.space.lg}` } },
});

/**
 * A row of buttons that wraps: a card's actions (a litter's), a list row's (a puppy's: under the
 * row on a phone, beside the thumbnail from md on), a list of buttons.
 */
export const actions = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  '@media': { [breakpoints.md]: { gridColumn: '2' } },
});
