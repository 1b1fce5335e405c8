import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const panel = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  paddingBlock: vars.space.xl,
  textAlign: 'center',
});

export const icon = style({ color: vars.color.success });

export const heading = style({
  fontSize: '1.75rem',
  color: vars.color.brownDark,
  selectors: { '&:focus': { outline: 'none' } },
});

export const text = style({ maxWidth: vars.width.narrow, color: vars.color.muted });
