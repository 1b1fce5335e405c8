import { style } from '@vanilla-extract/css';
import { vars } from '../../theme.css';

export const button = style({
  display: 'block',
  width: '100%',
  padding: 0,
  border: 0,
  background: vars.color.creamDark,
  cursor: 'zoom-in',
  overflow: 'hidden',
  '@media': { '(scripting: none)': { cursor: 'default' } },
  selectors: { '&:focus-visible': { outlineOffset: '-4px' } },
});

/** The 4:5 box is reserved before the photo arrives. */
export const image = style({
  width: '100%',
  aspectRatio: '4 / 5',
  objectFit: 'cover',
  transition: 'transform 300ms ease',
  selectors: { [`${button}:hover &`]: { transform: 'scale(1.03)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
