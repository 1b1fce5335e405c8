import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../theme.css';
import { heading as sectionHeading } from './layout.css';

export const card = style({
  display: 'grid',
  gap: vars.space.xl,
  paddingBlock: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.cream,
  border: `1px solid ${vars.color.border}`,
});

export const heading = sectionHeading;

export const items = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [breakpoints.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const item = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.xs,
  textAlign: 'center',
});
export const icon = style({ color: vars.color.gold });
export const title = style({ fontSize: '1.25rem', color: vars.color.brownDark });
export const text = style({ color: vars.color.muted });
