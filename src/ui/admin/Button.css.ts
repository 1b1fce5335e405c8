import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '2.75rem',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: '1px solid transparent',
  fontWeight: 600,
  lineHeight: 1.2,
  textDecoration: 'none',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&:disabled': { cursor: 'not-allowed', opacity: 0.7 },
  },
});

export const button = styleVariants({
  primary: [
    base,
    {
      background: vars.color.brown,
      color: vars.color.white,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.brownDark } },
    },
  ],
  outline: [
    base,
    {
      background: vars.color.white,
      color: vars.color.brown,
      borderColor: vars.color.border,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.cream } },
    },
  ],
});

export const full = style({ width: '100%' });
