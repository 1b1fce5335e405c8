import { keyframes, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  width: '1.25em',
  height: '1.25em',
  border: '0.18em solid currentColor',
  borderRightColor: 'transparent',
  borderRadius: vars.radius.full,
  animation: `${spin} 0.7s linear infinite`,
  verticalAlign: '-0.2em',
  '@media': { [breakpoints.reducedMotion]: { animationDuration: '2s' } },
});

export const block = style({
  display: 'flex',
  justifyContent: 'center',
  padding: vars.space.xl,
  color: vars.color.brown,
});

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
