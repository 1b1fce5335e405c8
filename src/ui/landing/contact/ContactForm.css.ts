import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../theme.css';

export const form = style({ display: 'grid', gap: vars.space.lg });

export const row = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [breakpoints.md]: { gridTemplateColumns: '1fr 1fr' } },
});

export const field = style({ display: 'grid', gap: vars.space.xs, alignContent: 'start' });

export const label = style({ fontWeight: 600, color: vars.color.brownDark });

export const input = style({
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.muted}`,
  background: vars.color.white,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

export const textarea = style([input, { resize: 'vertical' }]);

export const error = style({ color: vars.color.danger, fontSize: '0.875rem', fontWeight: 600 });

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
