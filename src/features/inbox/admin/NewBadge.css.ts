import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

/** Brown on gold-light, like the puppy badges, but filled dark so "New" stands out in a row. */
export const badge = style({
  display: 'inline-block',
  marginInlineStart: vars.space.sm,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  background: vars.color.brown,
  color: vars.color.white,
  fontSize: '0.75rem',
  fontWeight: 700,
  lineHeight: 1.6,
  letterSpacing: '0.02em',
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
});
