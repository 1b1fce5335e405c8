import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../theme.css';

/** Spec: 1, 2 or 3 columns. */
export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [breakpoints.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [breakpoints.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});
