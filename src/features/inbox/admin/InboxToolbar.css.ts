import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../ui/theme.css';

/**
 * On a phone the search takes a line and the two filters share the next, export below; one line
 * from tablets up.
 */
export const toolbar = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  alignItems: 'end',
  marginBottom: vars.space.md,
  '@media': {
    [breakpoints.md]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto' },
  },
});

export const select = style({ appearance: 'auto' });

export const search = style({
  gridColumn: '1 / -1',
  '@media': { [breakpoints.md]: { gridColumn: 'auto' } },
});
