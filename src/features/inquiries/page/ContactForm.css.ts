import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../ui/theme.css';

export const form = style({ display: 'grid', gap: vars.space.lg });

export const row = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [breakpoints.md]: { gridTemplateColumns: '1fr 1fr' } },
});

export const submit = style({
  justifySelf: 'stretch',
  '@media': { [breakpoints.md]: { justifySelf: 'start' } },
});

/** About the whole submission (e.g. too many inquiries), above the button. */
export const formError = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerBg,
  color: vars.color.danger,
  fontWeight: 600,
});

/** No box at all: nothing of it is painted, and it cannot be clicked. */
export const honeypot = style({
  position: 'absolute',
  width: 0,
  height: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  opacity: 0,
  pointerEvents: 'none',
});

/** The note beside the dropdown when no puppy is available. */
export const note = style({ color: vars.color.muted, fontSize: '0.875rem' });
