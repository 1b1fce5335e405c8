import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const field = style({ display: 'grid', gap: vars.space.xs });

export const label = style({ fontWeight: 600, color: vars.color.text });

export const input = style({
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.white,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

export const error = style({ color: vars.color.danger, fontSize: '0.9rem' });
