import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../theme.css';

/** The frame of both admin screens. */
export const page = style({
  minHeight: '100vh',
  background: vars.color.cream,
  padding: `${vars.space.lg} ${vars.space.md}`,
  '@media': { [breakpoints.md]: { padding: `${vars.space.xxl} ${vars.space.lg}` } },
});

export const centred = style([page, { display: 'grid', placeItems: 'center' }]);

export const container = style({
  maxWidth: vars.width.page,
  margin: '0 auto',
  display: 'grid',
  // A wide child (the table) scrolls inside its own box instead of widening the page.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
});
