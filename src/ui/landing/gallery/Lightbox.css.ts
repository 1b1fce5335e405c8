import { style } from '@vanilla-extract/css';
import { iconButton } from '../../components/Button.css';
import { vars } from '../../theme.css';

export const panel = style({
  width: 'auto',
  maxWidth: 'min(56rem, 100%)',
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const title = style({ fontSize: '1.25rem', color: vars.color.brownDark });

export const close = style([iconButton, { boxShadow: 'none', background: vars.color.cream }]);

export const stage = style({ position: 'relative', display: 'grid', placeItems: 'center' });

/** Spec: the image is at most 80% of the viewport's height. */
export const image = style({
  width: 'auto',
  height: 'auto',
  maxWidth: '100%',
  maxHeight: '80vh',
  borderRadius: vars.radius.sm,
});

const arrow = style([iconButton, { position: 'absolute', top: '50%', transform: 'translateY(-50%)' }]);
export const previous = style([arrow, { left: vars.space.sm }]);
export const next = style([arrow, { right: vars.space.sm }]);

export const counter = style({ textAlign: 'center', color: vars.color.muted, fontWeight: 600 });
