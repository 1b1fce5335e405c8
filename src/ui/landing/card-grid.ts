import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../theme.css';

/**
 * A card grid: one column on phones, `md` from the medium breakpoint, `lg` from the large one.
 * A style helper for the .css.ts files only (vanilla-extract lets a .css.ts export styles, not
 * functions), so it runs at build time and never reaches the browser.
 */
export function cardGrid(md: number, lg: number = md) {
  return style({
    display: 'grid',
    gap: vars.space.lg,
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media': {
      [breakpoints.md]: { gridTemplateColumns: `repeat(${md}, minmax(0, 1fr))` },
      ...(lg === md ? {} : { [breakpoints.lg]: { gridTemplateColumns: `repeat(${lg}, minmax(0, 1fr))` } }),
    },
  });
}
