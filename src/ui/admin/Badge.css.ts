import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const badge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.goldLight,
  color: vars.color.brownDark,
  fontSize: '0.85rem',
  fontWeight: 600,
  whiteSpace: 'nowrap',
});
