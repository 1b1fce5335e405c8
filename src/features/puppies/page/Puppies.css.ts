import { style } from '@vanilla-extract/css';
import { cardGrid } from '../../../ui/landing/card-grid';
import { breakpoints, vars } from '../../../ui/theme.css';

/** Spec: 1 column on small screens, 2 on medium, 4 on large. */
export const grid = cardGrid(2, 4);

/** The panel fills the rest of the row beside the cards (two of the four columns on large screens). */
export const limited = style({
  display: 'grid',
  alignContent: 'center',
  justifyItems: 'start',
  gap: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: `linear-gradient(135deg, ${vars.color.brown}, ${vars.color.brownDark})`,
  color: vars.color.white,
  '@media': {
    [breakpoints.md]: { gridColumn: '1 / -1' },
    [breakpoints.lg]: { gridColumn: 'span 2' },
  },
});

export const limitedHeading = style({ fontSize: '1.5rem', color: vars.color.goldLight });
