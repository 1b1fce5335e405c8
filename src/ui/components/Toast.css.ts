import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const viewport = style({
  position: 'fixed',
  zIndex: 100,
  bottom: vars.space.md,
  right: vars.space.md,
  left: vars.space.md,
  display: 'flex',
  justifyContent: 'flex-end',
  pointerEvents: 'none',
});

const base = style({
  pointerEvents: 'auto',
  width: '100%',
  maxWidth: '24rem',
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'flex-start',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  border: `1px solid ${vars.color.border}`,
});

export const toast = styleVariants({
  default: [base, { background: vars.color.white, color: vars.color.text }],
  destructive: [
    base,
    { background: vars.color.danger, color: vars.color.white, borderColor: vars.color.danger },
  ],
});

export const body = style({ flex: 1 });
export const title = style({ fontWeight: 700 });
export const description = style({ fontSize: '0.9rem' });
export const close = style({
  background: 'transparent',
  border: 0,
  cursor: 'pointer',
  fontSize: '1.25rem',
  lineHeight: 1,
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
});
