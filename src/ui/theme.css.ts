import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { tokens } from '../shared/tokens';

/**
 * The one theme contract: every style reads colours, spacing, radii and type from here. Its
 * values are the plain tokens of src/shared/tokens.ts, which the server's meta tags read too.
 */
export const vars = createGlobalTheme(':root', tokens);

/** Media queries cannot read CSS variables, so breakpoints are plain constants. */
export const breakpoints = {
  md: 'screen and (min-width: 768px)',
  lg: 'screen and (min-width: 1024px)',
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { scrollBehavior: 'smooth', WebkitTextSizeAdjust: '100%' });
globalStyle('html', { '@media': { [breakpoints.reducedMotion]: { scrollBehavior: 'auto' } } });
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  color: vars.color.text,
  background: vars.color.cream,
  lineHeight: 1.6,
});
globalStyle('h1, h2, h3, h4', { fontFamily: vars.font.heading, lineHeight: 1.2, margin: 0 });
globalStyle('p', { margin: 0 });
globalStyle('img', { maxWidth: '100%', height: 'auto', display: 'block' });
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
/** Sections scrolled to by id stop below the sticky header. */
globalStyle('[id]', { scrollMarginTop: '5rem' });
