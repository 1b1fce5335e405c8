import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../theme.css';

/** Stacked on a phone; search, filter and export on one line from tablets up. */
export const toolbar = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'end',
  marginBottom: vars.space.md,
  '@media': { [breakpoints.md]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) auto' } },
});

export const select = style({ appearance: 'auto' });
